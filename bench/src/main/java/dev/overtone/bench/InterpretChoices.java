package dev.overtone.bench;

import java.util.List;

import picocli.CommandLine.Option;

/** What every subcommand passes on to Interpret: infill on or off, and the infill families. */
public class InterpretChoices {

    @Option(names = "--no-infill", description = "ask Interpret not to infill (the caller's defaults only)")
    boolean noInfill;

    @Option(names = "--families", split = ",", description = "infill families to use (comma-separated; all when absent)")
    List<String> families;

    public boolean infill() {
        return !noInfill;
    }

    public List<String> families() {
        return families == null ? List.of() : families;
    }
}
