package dev.overtone.interpreter.service;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads a model's "one interpretation per line" answer tolerantly: numbering, bullets, markdown,
 * quotes, blank lines and prose around the list ("Here are the interpretations:") are dropped.
 */
public final class InterpretationLines {
    private static final Pattern MARKER = Pattern.compile(
            "^\\s*(?:[-*\u2022+]|\\(?\\d{1,2}[.):]|\\(?[a-z][.)]|(?:interpretation|reading)\\s*\\d*\\s*[:.)-])\\s+",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern PROSE = Pattern.compile(
            "^(here (are|is)|sure|certainly|of course|note|these are|the (possible |following )?interpretations|i hope|let me know|possible interpretations|interpretations)\\b.*",
            Pattern.CASE_INSENSITIVE);

    private InterpretationLines() {
    }

    public static List<String> parse(String answer, int max) {
        if (answer == null) {
            return List.of();
        }
        List<String> marked = new ArrayList<>();
        List<String> plain = new ArrayList<>();
        for (String raw : answer.split("\\R")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("```")) {
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
        Set<String> seen = new LinkedHashSet<>();
        List<String> out = new ArrayList<>();
        for (String line : chosen) {
            if (seen.add(line.toLowerCase(Locale.ROOT)) && out.size() < max) {
                out.add(line);
            }
        }
        return out;
    }

    private static String clean(String line) {
        String s = line.replace("**", "").replace("__", "").strip();
        if (s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'"))) {
            s = s.substring(1, s.length() - 1).strip();
        }
        return s;
    }
}
