package dev.overtone.runtime.llm;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Reads a model's "one item per line" answer tolerantly: numbering, bullets, markdown, quotes, blank
 * lines, code fences and prose around the list ("Here are the interpretations:") are dropped. When some
 * lines carry a list marker, only those count (the model listed them; the rest is talk around the list).
 * Each prompt has its own words for an item and its own prose, so a service gives those.
 */
public final class ListedLines {
    private final Pattern marker;
    private final Pattern prose;

    /**
     * @param itemLabel a regular expression for the word a model may head an item with ("Interpretation 2:"),
     *                  beside bullets, numbers and letters
     * @param prose     a line (without its marker) that talks about the list rather than being an item of it
     */
    public ListedLines(String itemLabel, Pattern prose) {
        this.marker = Pattern.compile("^\\s*(?:[-*\u2022+]|\\(?\\d{1,2}[.):]|\\(?[a-z][.)]|" + itemLabel
                + "\\s*\\d*\\s*[:.)-])\\s+", Pattern.CASE_INSENSITIVE);
        this.prose = prose;
    }

    /** At most {@code max} listed lines, each once (ignoring case); lines {@code aside} takes are not items. */
    public List<String> read(String answer, int max, Predicate<String> aside) {
        if (answer == null) {
            return List.of();
        }
        List<String> marked = new ArrayList<>();
        List<String> plain = new ArrayList<>();
        for (String raw : answer.split("\\R")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("```") || aside.test(line)) {
                continue;
            }
            boolean isMarked = marker.matcher(line).find();
            line = clean(marker.matcher(line).replaceFirst(""));
            if (line.isEmpty() || line.endsWith(":") || prose.matcher(line).matches()) {
                continue;
            }
            (isMarked ? marked : plain).add(line);
        }
        Set<String> seen = new LinkedHashSet<>();
        List<String> out = new ArrayList<>();
        for (String line : marked.isEmpty() ? plain : marked) {
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
