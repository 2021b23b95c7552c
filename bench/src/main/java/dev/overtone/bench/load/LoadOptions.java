package dev.overtone.bench.load;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** How load and chaos drive Interpret: calls in flight, and the examples of a data set mixed in at the command's share. */
public class LoadOptions {

    @Option(names = "--concurrency", defaultValue = "16", description = "calls in flight (default ${DEFAULT-VALUE})")
    public int concurrency;

    @Mixin
    public DataMix mix;

    public LoadOptions(double defaultShare) {
        this.mix = new DataMix(defaultShare);
    }
}
