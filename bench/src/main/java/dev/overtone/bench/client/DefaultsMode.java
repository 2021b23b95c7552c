package dev.overtone.bench.client;

import java.util.Locale;

/** Who writes the default readings of a question: the caller (the recorded SQL) or the suite's own LLM. */
public enum DefaultsMode {
    /** Every recorded default SQL is sent as a CallerDefault (the LLM stage is stood in for). */
    CALLER,
    /** The question alone: the suite's LLM writes the default interpretations and parses them. */
    LLM;

    public static DefaultsMode parse(String value) {
        return switch (value == null ? "" : value.strip().toLowerCase(Locale.ROOT)) {
            case "caller", "caller-sql" -> CALLER;
            case "llm" -> LLM;
            default -> throw new IllegalArgumentException("--defaults must be caller or llm, got '" + value + "'");
        };
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
