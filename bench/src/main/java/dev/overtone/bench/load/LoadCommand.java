package dev.overtone.bench.load;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import dev.overtone.bench.InterpretChoices;
import dev.overtone.bench.SuiteOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench load}: Interpret at a fixed concurrency for a bounded time. */
@Command(name = "load", mixinStandardHelpOptions = true,
        description = "Throughput and latency of Interpret at a fixed concurrency (demo tenant, optionally a data-set mix).")
public class LoadCommand implements Callable<Integer> {

    @Mixin
    SuiteOptions suite;

    @Mixin
    InterpretChoices interpret;

    @Option(names = "--out", required = true, description = "report directory")
    Path out;

    @Option(names = "--concurrency", defaultValue = "16", description = "calls in flight (default ${DEFAULT-VALUE})")
    int concurrency;

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

    @Option(names = "--data", description = "also mix in examples of this JSONL data set (registered as tenant bench)")
    Path data;

    @Option(names = "--data-share", defaultValue = "0.5", description = "share of calls drawn from --data (default ${DEFAULT-VALUE})")
    double dataShare;

    @Option(names = "--limit", description = "only the first N examples of --data")
    Integer limit;

    @Override
    public Integer call() throws Exception {
        if (concurrency < 1 || seconds < 1 || warmupSeconds < 0) {
            throw new IllegalArgumentException("--concurrency and --seconds must be >= 1, --warmup-seconds >= 0");
        }
        if (dataShare < 0 || dataShare > 1) {
            throw new IllegalArgumentException("--data-share must be within 0..1");
        }
        LoadRun run = new LoadRun(out, concurrency, seconds, warmupSeconds, seed, tenant, database, data,
                data == null ? 0.0 : dataShare, limit, interpret.infill(), interpret.families());
        return run.execute(suite);
    }
}
