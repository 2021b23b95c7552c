package dev.overtone.interpreter.service;

import dev.overtone.runtime.llm.ListedLines;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads a model's "one interpretation per line" answer tolerantly: numbering, bullets, markdown,
 * quotes, blank lines and prose around the list ("Here are the interpretations:") are dropped.
 */
public final class InterpretationLines {
    private static final Pattern PROSE = Pattern.compile(
            "^(here (are|is)|sure|certainly|of course|note|these are|the (possible |following )?interpretations|i hope|let me know|possible interpretations|interpretations)\\b.*",
            Pattern.CASE_INSENSITIVE);

    private static final ListedLines LINES = new ListedLines("(?:interpretation|reading)", PROSE);

    private InterpretationLines() {
    }

    public static List<String> parse(String answer, int max) {
        return LINES.read(answer, max, line -> false);
    }
}
