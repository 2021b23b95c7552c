package dev.overtone.infill.service;

import java.util.ArrayList;
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
    private static final Pattern MARKER = Pattern.compile(
            "^\\s*(?:[-*\u2022+]|\\(?\\d{1,2}[.):]|\\(?[a-z][.)]|(?:missing |additional )?(?:interpretation|reading)\\s*\\d*\\s*[:.)-])\\s+",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern PROSE = Pattern.compile(
            "^(here (are|is)|sure|certainly|of course|note|these are|the (missing |additional )?interpretations|"
                    + "missing interpretations|additional interpretations|i hope|let me know|based on)\\b.*",
            Pattern.CASE_INSENSITIVE);

    public static MissingReadings parse(String answer, int max) {
        if (answer == null || answer.isBlank()) {
            return new MissingReadings(List.of(), false);
        }
        boolean covered = false;
        List<String> marked = new ArrayList<>();
        List<String> plain = new ArrayList<>();
        for (String raw : answer.split("\\R")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("```")) {
                continue;
            }
            if (COVERED.matcher(line).find() || NOTHING_MISSING.matcher(line).lookingAt()) {
                covered = true;
                continue;
            }
            boolean isMarked = MARKER.matcher(line).find();
            line = clean(MARKER.matcher(line).replaceFirst(""));
            if (line.isEmpty() || line.endsWith(":") || PROSE.matcher(line).matches()) {
                continue;
            }
            (isMarked ? marked : plain).add(line);
        }
        List<String> chosen = marked.isEmpty() ? plain : marked;
        List<String> out = new ArrayList<>();
        for (String line : chosen) {
            if (out.size() < max && out.stream().noneMatch(o -> o.equalsIgnoreCase(line))) {
                out.add(line);
            }
        }
        // "All covered" next to real lines means the model hedged: the lines win.
        return new MissingReadings(out, covered && out.isEmpty());
    }

    static String clean(String line) {
        String s = line.replace("**", "").replace("__", "").strip();
        if (s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'"))) {
            s = s.substring(1, s.length() - 1).strip();
        }
        return s;
    }

    static String key(String text) {
        return text.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT).replaceAll("[.!]$", "");
    }
}
