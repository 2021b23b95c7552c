package dev.overtone.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * A bench command, or a run a command calls, that printed through writers of the test's own: its exit status, and what
 * it printed on stdout and on stderr, read apart. The writers buffer and flush on println, printf and format only, as
 * picocli's own over System.out and System.err do, so text the bench printed but never flushed is missing here as it would be for a user.
 */
public record Ran(int exit, String out, String err) {

    /** Something that prints its summary to {@code out} and the rest to {@code err}, and returns an exit status. */
    @FunctionalInterface
    public interface Printing<E extends Exception> {
        int run(PrintWriter out, PrintWriter err) throws E;
    }

    /** Asserts a refused command line: exit status 2 (bad arguments), nothing on stdout, and {@code message} on stderr. */
    public void assertRefusedWith(String message) {
        assertThat(exit).as("exit status").isEqualTo(BenchCommand.EXIT_USAGE);
        assertThat(out).as("stdout").isEmpty();
        assertThat(err).as("stderr").contains(message);
    }

    /** {@code overtone bench args}, on the command line the launcher runs ({@link BenchCommand#commandLine()}). */
    public static Ran bench(String... args) {
        return of((out, err) -> BenchCommand.commandLine().setOut(out).setErr(err).execute(args));
    }

    public static <E extends Exception> Ran of(Printing<E> printing) throws E {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = printing.run(new PrintWriter(new BufferedWriter(out), true), new PrintWriter(new BufferedWriter(err), true));
        return new Ran(exit, out.toString(), err.toString());
    }
}
