package dev.overtone.bench.dataset;

import java.nio.file.Path;

import picocli.CommandLine.Option;

/** A data set whose examples a measurement runs a few at a time, executing SQL with a time limit. */
public class ExampleOptions {

    @Option(names = "--data", required = true, description = "JSONL data set (db_dump or db per example)")
    public Path data;

    @Option(names = "--limit", description = "only the first N examples (of those the measurement uses)")
    public Integer limit;

    @Option(names = "--concurrency", defaultValue = "4", description = "examples in flight (default ${DEFAULT-VALUE})")
    public int concurrency;

    @Option(names = "--timeout-s", defaultValue = "5",
            description = "per-query time limit when executing SQL (default ${DEFAULT-VALUE}, as the reference scorer)")
    public double queryTimeout;

    /** IllegalArgumentException (exit status 2) for a negative --limit or a --concurrency below 1. */
    public ExampleOptions checked() {
        if (limit != null && limit < 0) {
            throw new IllegalArgumentException("--limit must be >= 0");
        }
        if (concurrency < 1) {
            throw new IllegalArgumentException("--concurrency must be >= 1");
        }
        return this;
    }
}
