package dev.overtone.bench.clarify;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.overtone.bench.InterpretChoices;
import dev.overtone.bench.SuiteOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench clarify}: dialogues with a simulated user, per strategy. */
@Command(name = "clarify", mixinStandardHelpOptions = true,
        description = "Clarification accuracy and questions asked, per strategy, with a simulated user.")
public class ClarifyCommand implements Callable<Integer> {

    @Mixin
    SuiteOptions suite;

    @Mixin
    InterpretChoices interpret;

    @Option(names = "--data", required = true, description = "JSONL data set; its ambiguous examples are used")
    Path data;

    @Option(names = "--out", required = true, description = "report directory")
    Path out;

    @Option(names = "--user", defaultValue = "helpful", description = "helpful, partial or unhelpful (default ${DEFAULT-VALUE})")
    String user;

    @Option(names = "--strategies", split = ",", defaultValue = "eig,eig-fast,ig-uniform,max-prob,random",
            description = "strategies to compare (default ${DEFAULT-VALUE})")
    List<String> strategies;

    @Option(names = "--limit", description = "only the first N ambiguous examples")
    Integer limit;

    @Option(names = "--seed", defaultValue = "42", description = "seed of the random strategy (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--max-turns", description = "clarify-svc turn limit (service default when absent)")
    Integer maxTurns;

    @Option(names = "--threshold", description = "clarify-svc confidence threshold (service default when absent)")
    Double threshold;

    @Option(names = "--concurrency", defaultValue = "4", description = "examples in flight (default ${DEFAULT-VALUE})")
    int concurrency;

    @Option(names = "--timeout-s", defaultValue = "5", description = "per-query time limit when executing SQL (default ${DEFAULT-VALUE})")
    double queryTimeout;

    @Override
    public Integer call() throws Exception {
        if (concurrency < 1) {
            throw new IllegalArgumentException("--concurrency must be >= 1");
        }
        ClarifyRun run = new ClarifyRun(data, out, SimulatedUser.Kind.parse(user),
                strategies.stream().map(StrategyName::parse).toList(), limit, interpret.infill(), interpret.families(), seed, maxTurns,
                threshold, concurrency, queryTimeout);
        return run.execute(suite);
    }
}
