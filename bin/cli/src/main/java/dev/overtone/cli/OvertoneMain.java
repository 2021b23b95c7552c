package dev.overtone.cli;

import io.quarkus.arc.Arc;
import io.quarkus.arc.InstanceHandle;
import io.quarkus.runtime.QuarkusApplication;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/**
 * Runs the picocli command tree with commands taken from CDI, so they can inject gRPC clients. A command prints through
 * its command line's writers, and these go through {@link TerminalText}, as do System.out and System.err for anything
 * else in the process that prints.
 */
@QuarkusMain
public class OvertoneMain implements QuarkusApplication {

    @Override
    public int run(String... args) {
        PrintStream out = TerminalText.wrap(System.out);
        PrintStream err = TerminalText.wrap(System.err);
        System.setOut(out);
        System.setErr(err);
        return new CommandLine(OvertoneCommand.class, new CdiFactory())
                .setOut(writer(out))
                .setErr(writer(err))
                .execute(args);
    }

    /** Flushed at each println, printf and format; text written with print alone waits for a flush. */
    private static PrintWriter writer(PrintStream stream) {
        return new PrintWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), true);
    }

    private static final class CdiFactory implements CommandLine.IFactory {
        private final CommandLine.IFactory fallback = CommandLine.defaultFactory();

        @Override
        public <K> K create(Class<K> type) throws Exception {
            InstanceHandle<K> bean = Arc.container().instance(type);
            return bean.isAvailable() ? bean.get() : fallback.create(type);
        }
    }
}
