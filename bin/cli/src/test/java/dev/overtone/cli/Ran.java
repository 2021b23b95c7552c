package dev.overtone.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * A command run through picocli with writers of its own in place of the terminal's: its exit code and what it printed
 * on stdout and stderr, line ends as "\n".
 */
record Ran(int exit, String out, String err) {

    static Ran run(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = new CommandLine(command).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true)).execute(args);
        return new Ran(exit, lines(out), lines(err));
    }

    static String lines(StringWriter printed) {
        return printed.toString().replace(System.lineSeparator(), "\n");
    }
}
