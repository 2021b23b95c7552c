package dev.overtone.parser.service;

import dev.overtone.parser.config.ParserConfig;
import dev.overtone.runtime.testing.ConfigStub;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A language model for the parser's services in plain tests: each call gives the next of its answers (an answer may
 * throw, as an endpoint fails), and the user messages it was sent are kept. With no answers it is not configured.
 */
final class StandInWriter implements SqlWriter {
    private final Iterator<Supplier<String>> answers;
    private final boolean configured;
    final List<String> asked = new ArrayList<>();

    private StandInWriter(List<Supplier<String>> answers, boolean configured) {
        this.answers = answers.iterator();
        this.configured = configured;
    }

    static StandInWriter none() {
        return new StandInWriter(List.of(), false);
    }

    @SafeVarargs
    static StandInWriter answering(Supplier<String>... answers) {
        return new StandInWriter(List.of(answers), true);
    }

    static StandInWriter always(String sql) {
        return answering(() -> sql, () -> sql, () -> sql, () -> sql);
    }

    /** The parser's settings these tests use: one re-ask after an invalid answer, one retry of a passing failure. */
    static ParserConfig config() {
        return ConfigStub.of(ParserConfig.class, Map.of(
                "repair", ConfigStub.of(ParserConfig.Repair.class, Map.of("defaultMax", 5)),
                "llm", ConfigStub.of(ParserConfig.Llm.class, Map.of("maxRepairs", 1, "retries", 1,
                        "baseUrl", Optional.of("http://llm.test/v1"), "timeout", Duration.ofSeconds(7))),
                "variants", ConfigStub.of(ParserConfig.Variants.class, Map.of("embeddings", false, "embeddingCacheSize", 10,
                        "defaultMax", 5, "maxCombinations", 5))));
    }

    @Override
    public boolean configured() {
        return configured;
    }

    @Override
    public String complete(String system, String user) {
        asked.add(user);
        return answers.next().get();
    }
}
