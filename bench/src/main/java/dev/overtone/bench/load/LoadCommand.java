package dev.overtone.bench.load;

import java.util.concurrent.Callable;

import dev.overtone.bench.MeasurementOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench load}: Interpret at a fixed concurrency for a bounded time. */
@Command(name = "load", mixinStandardHelpOptions = true,
        description = "Throughput and latency of Interpret at a fixed concurrency (demo tenant, optionally a data-set mix).")
public class LoadCommand implements Callable<Integer> {

    @Mixin
    MeasurementOptions measured;

    @Mixin
    LoadOptions pace = new LoadOptions(0.5);

    @Option(names = "--seconds", defaultValue = "60", description = "measured duration (default ${DEFAULT-VALUE})")
    int seconds;

    @Option(names = "--warmup-seconds", defaultValue = "5", description = "unmeasured warm-up first (default ${DEFAULT-VALUE})")
    int warmupSeconds;

    @Option(names = "--seed", defaultValue = "42", description = "seed of the request mix (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--tenant", defaultValue = "demo", description = "demo tenant (default ${DEFAULT-VALUE})")
    String tenant;

    @Option(names = "--database", defaultValue = "hotels", description = "demo database (default ${DEFAULT-VALUE})")
    String database;

    @Option(names = "--ignore-memory", description = "every call with ignore_memory: the tenant's remembered choices are not read"
            + " (run once with and once without to measure what the memory costs)")
    boolean ignoreMemory;

    @Override
    public Integer call() throws Exception {
        if (pace.concurrency < 1 || seconds < 1 || warmupSeconds < 0) {
            throw new IllegalArgumentException("--concurrency and --seconds must be >= 1, --warmup-seconds >= 0");
        }
        LoadRun run = new LoadRun(measured.out, pace.concurrency, seconds, warmupSeconds, seed, tenant, database, pace.mix.data,
                pace.mix.share(), pace.mix.limit, measured.interpret.infill(), measured.interpret.families(), ignoreMemory);
        return run.execute(measured.suite, measured.summary(), measured.err());
    }
}
