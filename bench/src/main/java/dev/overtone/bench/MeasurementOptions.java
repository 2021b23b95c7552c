package dev.overtone.bench;

import java.io.PrintWriter;
import java.nio.file.Path;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What every measurement takes: the suite it measures, what it asks Interpret for, where its report goes, and the
 * writers of the command it is mixed into, where it prints.
 */
public class MeasurementOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Mixin
    public SuiteOptions suite;

    @Mixin
    public InterpretChoices interpret;

    @Option(names = "--out", required = true, description = "report directory")
    public Path out;

    /** The command's stdout (picocli's writer, a test's own in tests): the summary and the report's path. */
    public PrintWriter summary() {
        return command.commandLine().getOut();
    }

    /** The command's stderr: progress, repairs, how the suite was reached, and why a run failed. */
    public PrintWriter err() {
        return command.commandLine().getErr();
    }
}
