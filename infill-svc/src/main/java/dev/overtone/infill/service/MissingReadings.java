package dev.overtone.infill.service;

import dev.overtone.runtime.llm.ListedLines;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Reads the infilling model's answer: either missing interpretations one per line, or the sentence
 * that all interpretations are covered (in any wording close to the prompt's). Numbering, bullets,
 * markdown and prose around the list are dropped.
 */
public record MissingReadings(List<String> interpretations, boolean allCovered) {
    private static final Pattern COVERED = Pattern.compile(
            "\\ball\\b[\\w\\s]{0,40}\\b(interpretations?|readings?|meanings?)\\b[\\w\\s]{0,30}\\b(covered|included|listed|present|captured)\\b",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern NOTHING_MISSING = Pattern.compile(
            "\\bno (additional |further |other |more )?(missing )?(interpretations?|readings?)\\b.*\\b(missing|needed|found)?",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern PROSE = Pattern.compile(
            "^(here (are|is)|sure|certainly|of course|note|these are|the (missing |additional )?interpretations|"
                    + "missing interpretations|additional interpretations|i hope|let me know|based on)\\b.*",
            Pattern.CASE_INSENSITIVE);

    private static final ListedLines LINES = new ListedLines("(?:missing |additional )?(?:interpretation|reading)", PROSE);

    public static MissingReadings parse(String answer, int max) {
        if (answer == null || answer.isBlank()) {
            return new MissingReadings(List.of(), false);
        }
        List<String> out = LINES.read(answer, max, MissingReadings::saysCovered);
        boolean covered = Arrays.stream(answer.split("\\R")).map(String::strip)
                .anyMatch(line -> !line.startsWith("```") && saysCovered(line));
        // "All covered" next to real lines means the model hedged: the lines win.
        return new MissingReadings(out, covered && out.isEmpty());
    }

    private static boolean saysCovered(String line) {
        return COVERED.matcher(line).find() || NOTHING_MISSING.matcher(line).lookingAt();
    }

    static String key(String text) {
        return text.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT).replaceAll("[.!]$", "");
    }
}
