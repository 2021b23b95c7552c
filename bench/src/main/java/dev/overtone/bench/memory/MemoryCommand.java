package dev.overtone.bench.memory;

import java.util.concurrent.Callable;

import dev.overtone.bench.ExampleMeasurement;
import dev.overtone.bench.dataset.ExampleOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench memory}: the tenant's memory of its choices (issue 36): repeat, isolation, no harm, transfer, recall cost. */
@Command(name = "memory", mixinStandardHelpOptions = true,
        description = "Remembered choices: asked again, in another tenant, on the explicit siblings, on other questions; the recall cost.")
public class MemoryCommand implements Callable<Integer> {

    @Mixin
    ExampleMeasurement measured;

    @Option(names = "--cost-pairs", defaultValue = "200",
            description = "measured Interpret pairs (memory on, off) of the recall cost on the demo question; 0 skips it (default ${DEFAULT-VALUE})")
    int costPairs;

    @Option(names = "--cost-warmup", defaultValue = "30", description = "unmeasured pairs first (default ${DEFAULT-VALUE})")
    int costWarmup;

    @Override
    public Integer call() throws Exception {
        ExampleOptions examples = measured.examples();
        if (costPairs < 0 || costWarmup < 0) {
            throw new IllegalArgumentException("--cost-pairs and --cost-warmup must be >= 0");
        }
        return new MemoryRun(examples, measured.interpret, measured.out, costPairs, costWarmup)
                .execute(measured.suite, measured.summary(), measured.err());
    }
}
