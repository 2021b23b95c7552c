package dev.overtone.parser.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.parser.config.ParserConfig;
import dev.overtone.parser.health.WarmUpReadiness;
import dev.overtone.proto.v1.Schema;
import dev.overtone.runtime.health.WarmServing;
import dev.overtone.runtime.testing.ConfigStub;
import dev.overtone.runtime.testing.ScrapedMetrics;
import io.quarkus.arc.ClientProxy;
import io.quarkus.test.junit.QuarkusMock;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Test;

/**
 * The warm-up run by hand against the service's real gRPC server once its budget is already spent: the built-in
 * example still goes through whole, and none of the rounds after it. When Variants finds nothing for the example, the
 * warm-up fails saying so and readiness stays down with that reason.
 */
@QuarkusTest
class WarmUpExampleTest {
    private static final List<String> RPCS = List.of("Analyze", "AnalyzeBatch", "VariantsBatch", "Verbalize");
    private static final ParserConfig SPENT = ConfigStub.of(ParserConfig.class, Map.of("warmUp", ConfigStub.of(ParserConfig.WarmUp.class,
            Map.of("enabled", true, "rounds", 5, "budget", Duration.ZERO))));
    private static final String NO_VARIANTS = "the built-in example '" + WarmUpExample.SQL + "' gave no variants; Variants is not working";

    @Inject
    ParserConfig config;

    @Inject
    VariantsService variants;

    @Inject
    WarmServing grpcHealth;

    @Test
    void theExampleRunsWholeThoughTheBudgetIsSpentAndNoRoundFollowsIt() {
        Map<String, Double> before = served();

        new WarmUpExample(SPENT).run();

        assertThat(RPCS).as("each RPC of the example served once, and no VariantsBatch round")
                .allSatisfy(rpc -> assertThat(served().get(rpc) - before.get(rpc)).as(rpc).isEqualTo(1.0));
    }

    @Test
    void anExampleWithoutVariantsFailsTheWarmUpAndReadinessStaysDownSayingWhy() {
        QuarkusMock.installMockForType(new FindingNothing(config, ClientProxy.unwrap(variants)), VariantsService.class);

        assertThatThrownBy(new WarmUpExample(SPENT)::run).isInstanceOf(IllegalStateException.class).hasMessage(NO_VARIANTS);

        WarmUpReadiness readiness = new WarmUpReadiness(SPENT, new WarmUpExample(SPENT));
        readiness.onStart(null, grpcHealth);
        Awaitility.await("the warm-up to end").atMost(Duration.ofSeconds(60)).until(() -> !phase(readiness).equals("running"));
        HealthCheckResponse ready = readiness.call();
        assertThat(ready.getStatus()).isEqualTo(HealthCheckResponse.Status.DOWN);
        assertThat(ready.getData().orElseThrow()).containsEntry("phase", "failed").containsEntry("detail", "warm-up failed: " + NO_VARIANTS);
        assertThat(readiness.warming()).as("the gRPC health service still says NOT_SERVING").isTrue();
    }

    private static String phase(WarmUpReadiness readiness) {
        return String.valueOf(readiness.call().getData().orElseThrow().get("phase"));
    }

    private static Map<String, Double> served() {
        return RPCS.stream().collect(Collectors.toMap(Function.identity(), ScrapedMetrics::servedOk));
    }

    /** The service's own Variants with what it found taken out of each answer: the analyses and errors stay as they were. */
    private static final class FindingNothing extends VariantsService {
        private final VariantsService real;

        FindingNothing(ParserConfig config, VariantsService real) {
            super(config);
            this.real = real;
        }

        @Override
        public List<SourceVariants> variants(List<String> sqls, List<String> partners, Schema schema, String question, int max,
                                             Set<String> families) {
            return real.variants(sqls, partners, schema, question, max, families).stream()
                    .map(found -> new SourceVariants(found.analysis(), List.of(), found.error())).toList();
        }
    }
}
