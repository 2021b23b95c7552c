package dev.overtone.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * Where a command prints, as a mixin: its command line's stdout and stderr, which {@link OvertoneMain} puts over the
 * scrubbed terminal streams and a test over writers of its own.
 * ({@code @Command} with nothing in it, only so that picocli takes a class without options as a mixin.)
 */
@Command
final class CommandOutput {

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** What the command answers: readings, rows, the line that says it is ready. */
    PrintWriter out() {
        return command.commandLine().getOut();
    }

    /** Progress, notices, and why a call failed. */
    PrintWriter err() {
        return command.commandLine().getErr();
    }
}
