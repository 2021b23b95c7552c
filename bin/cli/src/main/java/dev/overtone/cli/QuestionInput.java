package dev.overtone.cli;

import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** A question for Interpret: where it is asked, its text, and the readings' SQL the caller already has. */
public class QuestionInput {

    @Mixin
    TenantDatabase where;

    @Parameters(index = "0", description = "The question.")
    String question;

    @Option(names = "--sql", description = "A reading's SQL you already have (repeatable).")
    List<String> sqls = new ArrayList<>();

    @Mixin
    CallDeadline deadline = new CallDeadline(60);
}
