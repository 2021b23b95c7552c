package dev.overtone.bench.load;

import java.nio.file.Path;

import picocli.CommandLine.Option;

/** Examples of a data set mixed into the load (the demo question otherwise); each command sets its own share. */
public class DataMix {

    @Option(names = "--data", description = "also mix in examples of this JSONL data set (registered as tenant bench)")
    public Path data;

    @Option(names = "--data-share", description = "share of calls drawn from --data (default ${DEFAULT-VALUE})")
    double dataShare;

    @Option(names = "--limit", description = "only the first N examples of --data")
    public Integer limit;

    public DataMix(double defaultShare) {
        this.dataShare = defaultShare;
    }

    /** The share of calls drawn from the data set: none without one. */
    public double share() {
        if (dataShare < 0 || dataShare > 1) {
            throw new IllegalArgumentException("--data-share must be within 0..1");
        }
        return data == null ? 0.0 : dataShare;
    }
}
