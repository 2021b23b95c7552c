package dev.overtone.cli.replay;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Finds which recorded output answers a prompt, from the prompt's own text: the recorded questions
 * and interpretations are looked up inside it in their normalised form ({@link PromptText}).
 * <ul>
 *   <li>an interpretation that is a whole line of the prompt (alone or after a short label such as
 *       "Request:"; one written over several lines: found anywhere outside the question): a parse prompt, answered with the SQL written for that interpretation (on a re-ask
 *       that quotes an earlier SQL, the next SQL recorded for it that the prompt does not already hold).
 *       When the prompt holds a recorded question, only its interpretations count; the longest wins;</li>
 *   <li>otherwise a question found (the longest): a default-interpretation prompt, answered with its
 *       recorded interpretations, one per line;</li>
 *   <li>neither: no match.</li>
 * </ul>
 * An interpretation worded exactly like its question counts as a parse prompt only when the question
 * text occurs twice (question and request).
 */
public final class PromptMatcher {

    /** What the prompt was recognised as. */
    public sealed interface Match permits Defaults, Parse, NoMatch {
    }

    public record Defaults(RecordedOutputs.Question question) implements Match {
        /** The interpretations one per line, as the prompt asks the model to write them. */
        public String answer() {
            StringBuilder out = new StringBuilder();
            for (RecordedOutputs.Interpretation i : question.interpretations()) {
                out.append(i.text().strip()).append('\n');
            }
            return out.toString().stripTrailing();
        }
    }

    /** {@code sql} is empty when the second model's answer held no SQL that could be recorded. */
    public record Parse(RecordedOutputs.Question question, RecordedOutputs.Interpretation interpretation,
                        Optional<String> sql) implements Match {
    }

    public record NoMatch(String reason) implements Match {
    }

    /** A short label before a line's text, as in "Request: ..." or "Interpretation 2: ...". */
    private static final Pattern LABEL = Pattern.compile("^\\s*[\\p{L}][\\p{L} ]{0,30}?\\s*\\d*\\s*:\\s*");

    private record Entry<T>(String key, RecordedOutputs.Question question, T value) {
    }

    private final List<Entry<RecordedOutputs.Question>> questions = new ArrayList<>();
    private final List<Entry<RecordedOutputs.Interpretation>> interpretations = new ArrayList<>();

    public PromptMatcher(RecordedOutputs recorded) {
        Map<String, Entry<RecordedOutputs.Question>> byQuestion = new LinkedHashMap<>();
        for (RecordedOutputs.Question q : recorded.questions()) {
            String key = PromptText.normalize(q.text());
            if (!key.isBlank()) {
                byQuestion.putIfAbsent(key, new Entry<>(key, q, q));
            }
            for (RecordedOutputs.Interpretation i : q.interpretations()) {
                String ikey = PromptText.normalize(i.text());
                if (!ikey.isBlank()) {
                    interpretations.add(new Entry<>(ikey, q, i));
                }
            }
        }
        questions.addAll(byQuestion.values());
        // Longest first: a text that contains another is the better match.
        questions.sort(Comparator.comparingInt((Entry<?> e) -> e.key().length()).reversed());
        interpretations.sort(Comparator.comparingInt((Entry<?> e) -> e.key().length()).reversed());
    }

    public Match match(String prompt) {
        String text = PromptText.normalize(prompt);
        List<int[]> questionSpans = new ArrayList<>();
        List<Entry<RecordedOutputs.Question>> foundQuestions = new ArrayList<>();
        Map<String, Integer> questionCounts = new LinkedHashMap<>();
        for (Entry<RecordedOutputs.Question> q : questions) {
            // A question inside a longer question found before (longest first) is part of that one, not asked.
            List<Integer> at = occurrences(text, q.key()).stream()
                    .filter(start -> !inside(questionSpans, start, start + q.key().length())).toList();
            if (!at.isEmpty()) {
                foundQuestions.add(q);
                questionCounts.put(q.key(), at.size());
                at.forEach(start -> questionSpans.add(new int[]{start, start + q.key().length()}));
            }
        }
        Set<RecordedOutputs.Question> askedAbout = new HashSet<>();
        foundQuestions.forEach(q -> askedAbout.add(q.question()));
        Entry<RecordedOutputs.Interpretation> best = wholeLine(prompt, questionCounts, askedAbout);
        if (best == null) {
            best = inside(text, questionSpans, questionCounts, askedAbout);
        }
        if (best != null) {
            return new Parse(best.question(), best.value(), sqlFor(best.value(), text));
        }
        if (!foundQuestions.isEmpty()) {
            return new Defaults(foundQuestions.get(0).value());
        }
        return new NoMatch("no recorded question or interpretation occurs in the prompt");
    }

    /**
     * An interpretation that is a whole line of the prompt, alone or after a short label ("Request: ...").
     * Inside a line is not enough: recorded interpretations include one-word ones ("Union") and sample
     * values ("Jean Coralli and Jules Perrot") that a prompt template or a schema's sample values also hold.
     */
    private Entry<RecordedOutputs.Interpretation> wholeLine(String prompt, Map<String, Integer> questionCounts,
                                                           Set<RecordedOutputs.Question> askedAbout) {
        Set<String> lines = new HashSet<>();
        for (String line : prompt.split("\\R")) {
            lines.add(PromptText.normalize(line));
            lines.add(PromptText.normalize(LABEL.matcher(line).replaceFirst("")));
        }
        Entry<RecordedOutputs.Interpretation> best = null;
        for (Entry<RecordedOutputs.Interpretation> i : interpretations) {
            boolean isQuestionText = questionCounts.containsKey(i.key());
            if (lines.contains(i.key()) && (!isQuestionText || questionCounts.get(i.key()) >= 2) && better(i, best, askedAbout)) {
                best = i;
            }
        }
        return best;
    }

    /**
     * An interpretation written over several lines, which no single line can equal: found anywhere in the
     * prompt outside its question.
     */
    private Entry<RecordedOutputs.Interpretation> inside(String text, List<int[]> questionSpans, Map<String, Integer> questionCounts,
                                                        Set<RecordedOutputs.Question> askedAbout) {
        Entry<RecordedOutputs.Interpretation> best = null;
        for (Entry<RecordedOutputs.Interpretation> i : interpretations) {
            if (!i.value().text().strip().contains("\n")) {
                continue;
            }
            boolean outside = occurrences(text, i.key()).stream()
                    .anyMatch(start -> !inside(questionSpans, start, start + i.key().length()));
            boolean restatedQuestion = questionCounts.getOrDefault(i.key(), 0) >= 2;
            if ((outside || restatedQuestion) && better(i, best, askedAbout)) {
                best = i;
            }
        }
        return best;
    }

    /**
     * When the prompt holds a recorded question, only that question's interpretations are candidates (another
     * question's short or odd interpretation, such as a sample value, may well occur in the schema text); then
     * the longer wins.
     */
    private static boolean better(Entry<RecordedOutputs.Interpretation> candidate, Entry<RecordedOutputs.Interpretation> best,
                                  Set<RecordedOutputs.Question> askedAbout) {
        if (!askedAbout.isEmpty() && !askedAbout.contains(candidate.question())) {
            return false;
        }
        return best == null || candidate.key().length() > best.key().length();
    }

    /** The first recorded SQL the prompt does not already quote (a re-ask quotes the previous answer). */
    private static Optional<String> sqlFor(RecordedOutputs.Interpretation interpretation, String prompt) {
        for (String sql : interpretation.sqls()) {
            if (!prompt.contains(PromptText.normalize(sql))) {
                return Optional.of(sql);
            }
        }
        return interpretation.sqls().stream().findFirst();
    }

    private static List<Integer> occurrences(String text, String key) {
        List<Integer> at = new ArrayList<>();
        for (int i = text.indexOf(key); i >= 0; i = text.indexOf(key, i + 1)) {
            at.add(i);
        }
        return at;
    }

    private static boolean inside(List<int[]> spans, int start, int end) {
        for (int[] s : spans) {
            if (s[0] <= start && end <= s[1]) {
                return true;
            }
        }
        return false;
    }
}
