package dev.overtone.cli;

import io.quarkus.arc.Arc;
import io.quarkus.arc.InstanceHandle;
import io.quarkus.runtime.QuarkusApplication;
import io.quarkus.runtime.annotations.QuarkusMain;
import picocli.CommandLine;

/**
 * Runs the picocli command tree with commands taken from CDI, so they can inject gRPC clients; what it prints goes
 * through {@link TerminalText}.
 */
@QuarkusMain
public class OvertoneMain implements QuarkusApplication {

    @Override
    public int run(String... args) {
        System.setOut(TerminalText.wrap(System.out));
        System.setErr(TerminalText.wrap(System.err));
        return new CommandLine(OvertoneCommand.class, new CdiFactory()).execute(args);
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
