package dev.overtone.bench.coverage;

import java.util.concurrent.Callable;

import dev.overtone.bench.ExampleMeasurement;
import dev.overtone.bench.dataset.ExampleOptions;
import dev.overtone.bench.client.DefaultsMode;
import dev.overtone.bench.scoring.ExampleScorer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench coverage}: every example through Interpret, scored like the reference scorer. */
@Command(name = "coverage", mixinStandardHelpOptions = true,
        description = "Interpretation coverage of Overtone vs the recorded defaults (baseline) on a JSONL data set.")
public class CoverageCommand implements Callable<Integer> {

    @Mixin
    ExampleMeasurement measured;

    @Option(names = "--identical-golds", defaultValue = "auto",
            description = "examples whose golds give identical results: zero (ambrosia_eval), score (db_eval), "
                    + "auto = zero for dumps, score for database files (default ${DEFAULT-VALUE})")
    String identicalGolds;

    @Option(names = "--with-paraphrases", description = "predict each interpretation's paraphrases too, right after it: "
            + "readings that differ in structure but return the same rows (AmbiQT J/P, scored by structure)")
    boolean withParaphrases;

    @Option(names = "--defaults", defaultValue = "caller",
            description = "who writes the default readings: caller = every recorded default SQL is sent with the question "
                    + "(default); llm = the question alone, the suite's LLM writes and parses the defaults")
    String defaults;

    @Option(names = "--baseline-only", description = "score the recorded defaults only; the suite is not needed")
    boolean baselineOnly;

    @Override
    public Integer call() throws Exception {
        ExampleOptions examples = measured.examples();
        ExampleScorer.IdenticalGolds mode = switch (identicalGolds) {
            case "zero" -> ExampleScorer.IdenticalGolds.ZERO;
            case "score" -> ExampleScorer.IdenticalGolds.SCORE;
            case "auto" -> null;
            default -> throw new IllegalArgumentException("--identical-golds must be zero, score or auto");
        };
        DefaultsMode defaultsMode = DefaultsMode.parse(defaults);
        CoverageRun run = new CoverageRun(examples, measured.interpret, measured.out, mode, measured.suite.home(),
                measured.suite.deadlineMs(), defaultsMode, withParaphrases);
        return run.execute(baselineOnly ? null : measured.suite, measured.summary(), measured.err());
    }
}
