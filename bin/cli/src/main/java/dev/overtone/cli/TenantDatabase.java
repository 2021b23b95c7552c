package dev.overtone.cli;

import picocli.CommandLine.Option;

/** The tenant database a command reads, as executor-svc names it. */
public class TenantDatabase {

    @Option(names = "--tenant", required = true, description = "The tenant.")
    String tenant;

    @Option(names = "--db", required = true, description = "One of the tenant's databases.")
    String database;
}
