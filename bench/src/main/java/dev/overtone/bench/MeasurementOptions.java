package dev.overtone.bench;

import java.nio.file.Path;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** What every measurement takes: the suite it measures, what it asks Interpret for, and where its report goes. */
public class MeasurementOptions {

    @Mixin
    public SuiteOptions suite;

    @Mixin
    public InterpretChoices interpret;

    @Option(names = "--out", required = true, description = "report directory")
    public Path out;
}
