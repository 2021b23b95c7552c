package dev.overtone.bench;

import dev.overtone.bench.dataset.ExampleOptions;
import picocli.CommandLine.Mixin;

/** A measurement over a data set's examples (coverage, clarify, memory): what every measurement takes, and the examples. */
public class ExampleMeasurement extends MeasurementOptions {

    @Mixin
    ExampleOptions examples;

    /** The examples' options, checked: IllegalArgumentException (exit status 2) for a bad --limit or --concurrency. */
    public ExampleOptions examples() {
        return examples.checked();
    }
}
