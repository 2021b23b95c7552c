package dev.overtone.bench.clarify;

import java.util.List;
import java.util.concurrent.Callable;

import dev.overtone.bench.ExampleMeasurement;
import dev.overtone.bench.dataset.ExampleOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench clarify}: dialogues with a simulated user, per strategy. */
@Command(name = "clarify", mixinStandardHelpOptions = true,
        description = "Clarification accuracy and questions asked, per strategy, with a simulated user.")
public class ClarifyCommand implements Callable<Integer> {

    @Mixin
    ExampleMeasurement measured;

    @Option(names = "--user", defaultValue = "helpful", description = "helpful, partial or unhelpful (default ${DEFAULT-VALUE})")
    String user;

    @Option(names = "--strategies", split = ",", defaultValue = "eig,eig-fast,ig-uniform,max-prob,random",
            description = "strategies to compare (default ${DEFAULT-VALUE})")
    List<String> strategies;

    @Option(names = "--seed", defaultValue = "42", description = "seed of the random strategy (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--max-turns", description = "clarify-svc turn limit (service default when absent)")
    Integer maxTurns;

    @Option(names = "--threshold", description = "clarify-svc confidence threshold (service default when absent)")
    Double threshold;

    @Override
    public Integer call() throws Exception {
        ExampleOptions examples = measured.examples();
        ClarifyRun run = new ClarifyRun(examples, measured.interpret, measured.out, SimulatedUser.Kind.parse(user),
                strategies.stream().map(StrategyName::parse).toList(), seed, maxTurns, threshold);
        return run.execute(measured.suite, measured.summary(), measured.err());
    }
}
