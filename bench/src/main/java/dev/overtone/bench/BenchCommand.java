package dev.overtone.bench;

import dev.overtone.bench.chaos.ChaosCommand;
import dev.overtone.bench.candidates.CandidatesCommand;
import dev.overtone.bench.clarify.ClarifyCommand;
import dev.overtone.bench.coverage.CoverageCommand;
import dev.overtone.bench.load.LoadCommand;
import dev.overtone.bench.memory.MemoryCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The bench's command line: its subcommands (measurements), each writing a report directory. */
@Command(name = "overtone bench", mixinStandardHelpOptions = true,
        description = "Measures a running Overtone suite: interpretation coverage, clarification, load, load through restarts, memory.",
        subcommands = {CoverageCommand.class, ClarifyCommand.class, LoadCommand.class, ChaosCommand.class, CandidatesCommand.class,
                MemoryCommand.class},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the run finished (whatever the scores)", "2:bad arguments or unreadable input",
                "3:the suite is unreachable", "1:any other failure of the bench itself"})
public class BenchCommand implements Runnable {

    public static final int EXIT_USAGE = 2;
    public static final int EXIT_SUITE = 3;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a subcommand: coverage, clarify, load, chaos, candidates or memory");
    }

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new BenchCommand());
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
            if (ex instanceof dev.overtone.bench.client.Suite.SuiteUnavailableException) {
                line.getErr().println("bench: " + ex.getMessage());
                return EXIT_SUITE;
            }
            if (ex instanceof IllegalArgumentException || ex instanceof java.nio.file.NoSuchFileException) {
                line.getErr().println("bench: " + ex.getMessage());
                return EXIT_USAGE;
            }
            line.getErr().println("bench: failed: " + ex);
            return 1;
        });
        return cl;
    }
}
