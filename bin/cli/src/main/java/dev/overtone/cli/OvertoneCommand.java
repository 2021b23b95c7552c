package dev.overtone.cli;

import picocli.CommandLine.Command;

@Command(name = "overtone", mixinStandardHelpOptions = true,
        description = "The Overtone command line: local PostgreSQL, the demo tenant, and a client of the suite.",
        subcommands = {PostgresCommand.class, ProvisionCommand.class, AskCommand.class, ExecCommand.class,
                ClarifyCommand.class, LlmReplayCommand.class})
public class OvertoneCommand {
}
