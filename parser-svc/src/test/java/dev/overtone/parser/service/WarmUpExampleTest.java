package dev.overtone.parser.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.parser.config.ParserConfig;
import dev.overtone.runtime.testing.ConfigStub;
import dev.overtone.runtime.testing.ScrapedMetrics;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The warm-up run by hand against the service's real gRPC server once its budget is already spent: the built-in
 * example still goes through whole, and none of the rounds after it.
 */
@QuarkusTest
class WarmUpExampleTest {
    private static final List<String> RPCS = List.of("Analyze", "AnalyzeBatch", "VariantsBatch", "Verbalize");

    @Test
    void theExampleRunsWholeThoughTheBudgetIsSpentAndNoRoundFollowsIt() {
        Map<String, Double> before = served();
        ParserConfig spent = ConfigStub.of(ParserConfig.class, Map.of("warmUp", ConfigStub.of(ParserConfig.WarmUp.class,
                Map.of("enabled", true, "rounds", 5, "budget", Duration.ZERO))));

        new WarmUpExample(spent).run();

        assertThat(RPCS).as("each RPC of the example served once, and no VariantsBatch round")
                .allSatisfy(rpc -> assertThat(served().get(rpc) - before.get(rpc)).as(rpc).isEqualTo(1.0));
    }

    private static Map<String, Double> served() {
        return RPCS.stream().collect(Collectors.toMap(Function.identity(), ScrapedMetrics::servedOk));
    }
}
