package dev.overtone.clarify.mapping;

import dev.overtone.clarify.service.ClarifyException;
import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.PlannedQuestion;
import dev.overtone.clarify.service.ReplyKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Maps a reply to the options of the question it answers. An option id is taken as it is; free text
 * goes through, in order: option ids or numbers ("2", "o1 and o3"); "I don't know" phrases
 * (unhelpful); "none of these"; "either is fine"; a lexical match of its words against the option
 * labels, schema names and values (a word may abbreviate: "prod" → product). What none of these
 * place is left to the embedding model ({@link #needsModel}).
 */
public final class ReplyMapper {
    private static final Pattern NUMBERS = Pattern.compile("^(o?\\d+)(\\s*(,|and|&|\\s)\\s*o?\\d+)*$");
    private static final List<String> UNHELPFUL = List.of("don't know", "dont know", "do not know", "not sure",
            "no idea", "dunno", "idk", "unsure", "can't say", "cannot say", "no clue", "can't tell", "no clue");
    private static final List<String> NONE = List.of("none", "neither", "nothing of", "no one of");
    private static final List<String> ANY = List.of("either", "any", "both", "doesn't matter", "does not matter",
            "don't care", "dont care", "whatever", "all fine", "all good", "no preference", "no matter");

    private final List<PlannedQuestion.Option> options;
    private final DecisionVariable variable;

    public ReplyMapper(List<PlannedQuestion.Option> options, DecisionVariable variable) {
        this.options = options;
        this.variable = variable;
    }

    public MappedReply mapOptionId(String optionId) {
        for (PlannedQuestion.Option o : options) {
            if (o.id().equalsIgnoreCase(optionId.trim())) {
                return of(List.of(o), "option");
            }
        }
        throw ClarifyException.invalid("option '" + optionId + "' does not exist; this turn's options are "
                + String.join(", ", options.stream().map(PlannedQuestion.Option::id).toList()));
    }

    /** Everything but the embedding model; empty when the text needs the model. */
    public Optional<MappedReply> mapText(String freeText) {
        String text = freeText.trim().toLowerCase(Locale.ROOT).replace('’', '\'');
        if (text.isEmpty()) {
            throw ClarifyException.invalid("the reply is empty: give an option id or some text");
        }
        if (NUMBERS.matcher(text).matches()) {
            return Optional.of(of(byNumbers(text), "option"));
        }
        if (containsAny(text, UNHELPFUL)) {
            return Optional.of(unhelpful());
        }
        Optional<MappedReply> lexical = lexical(text);
        if (lexical.isPresent()) {
            return lexical;
        }
        if (containsAny(text, NONE)) {
            return Optional.of(of(List.of(ofKind(PlannedQuestion.Kind.NONE)), "lexical"));
        }
        if (containsAny(text, ANY)) {
            return Optional.of(of(List.of(ofKind(PlannedQuestion.Kind.ANY)), "any"));
        }
        return Optional.empty();
    }

    /** The lexical pass alone (no option numbers, phrases or model): the values a text's own words name, if any. */
    public Optional<MappedReply> byWords(String text) {
        return lexical(text.toLowerCase(Locale.ROOT));
    }

    /** Value options in order, with the text the embedding model compares a reply to. */
    public List<String> valueTexts() {
        List<String> out = new ArrayList<>();
        for (PlannedQuestion.Option o : valueOptions()) {
            out.add(o.label() + " " + variable.valueTerms().get(o.codes().get(0)).replace('_', ' ').replace('.', ' '));
        }
        return out;
    }

    public MappedReply byEmbedding(int valueOptionIndex) {
        return of(List.of(valueOptions().get(valueOptionIndex)), "embedding");
    }

    public MappedReply unhelpful() {
        return new MappedReply(List.of(), "unhelpful", ReplyKind.UNHELPFUL, Set.of());
    }

    private List<PlannedQuestion.Option> byNumbers(String text) {
        List<PlannedQuestion.Option> chosen = new ArrayList<>();
        for (String token : text.split("[^o0-9]+")) {
            if (token.isEmpty()) {
                continue;
            }
            PlannedQuestion.Option match = null;
            for (int i = 0; i < options.size(); i++) {
                if (options.get(i).id().equals(token) || token.equals(String.valueOf(i + 1))) {
                    match = options.get(i);
                }
            }
            if (match == null) {
                throw ClarifyException.invalid("reply '" + text + "' names option " + token + " but options are 1.."
                        + options.size() + " (" + String.join(", ", options.stream().map(PlannedQuestion.Option::id).toList()) + ")");
            }
            if (!chosen.contains(match)) {
                chosen.add(match);
            }
        }
        return chosen;
    }

    /**
     * Scores each value option by the reply words it distinctively matches (a word every option
     * matches tells nothing). When one option covers every matched word, the best-covering options win;
     * otherwise the reply spans several options ("made and settled") and selects them all.
     */
    private Optional<MappedReply> lexical(String text) {
        List<PlannedQuestion.Option> values = valueOptions();
        List<String> replyWords = Vocabulary.contentWords(text);
        List<Set<String>> covered = new ArrayList<>();
        for (PlannedQuestion.Option o : values) {
            List<String> vocab = Vocabulary.words(o.label() + " " + variable.valueTerms().get(o.codes().get(0)));
            Set<String> hit = new HashSet<>();
            for (String w : replyWords) {
                for (String v : vocab) {
                    if (Vocabulary.matches(w, v)) {
                        hit.add(w);
                        break;
                    }
                }
            }
            covered.add(hit);
        }
        Set<String> union = new LinkedHashSet<>();
        if (values.size() > 1) {
            for (String w : replyWords) {
                long by = covered.stream().filter(c -> c.contains(w)).count();
                if (by > 0 && by < values.size()) {
                    union.add(w);
                }
            }
            for (Set<String> c : covered) {
                c.retainAll(union);
            }
        } else {
            covered.forEach(union::addAll);
        }
        if (union.isEmpty()) {
            return Optional.empty();
        }
        int best = covered.stream().mapToInt(Set::size).max().orElse(0);
        boolean oneCoversAll = covered.stream().anyMatch(c -> c.containsAll(union));
        List<PlannedQuestion.Option> chosen = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            int size = covered.get(i).size();
            if (oneCoversAll ? size == best : size > 0) {
                chosen.add(values.get(i));
            }
        }
        return Optional.of(of(chosen, "lexical"));
    }

    private List<PlannedQuestion.Option> valueOptions() {
        return options.stream().filter(o -> o.kind() == PlannedQuestion.Kind.VALUE).toList();
    }

    private PlannedQuestion.Option ofKind(PlannedQuestion.Kind kind) {
        return options.stream().filter(o -> o.kind() == kind).findFirst().orElseThrow();
    }

    private static boolean containsAny(String text, List<String> phrases) {
        String padded = " " + text.replaceAll("[^\\p{L}\\p{N}' ]", " ") + " ";
        for (String p : phrases) {
            if (padded.contains(" " + p + " ")) {
                return true;
            }
        }
        return false;
    }

    private static MappedReply of(List<PlannedQuestion.Option> chosen, String mapping) {
        List<String> ids = chosen.stream().map(PlannedQuestion.Option::id).toList();
        if (chosen.stream().anyMatch(o -> o.kind() == PlannedQuestion.Kind.ANY)) {
            return new MappedReply(ids, "option".equals(mapping) ? mapping : "any", ReplyKind.ANY, Set.of());
        }
        if (chosen.stream().anyMatch(o -> o.kind() == PlannedQuestion.Kind.NONE)) {
            PlannedQuestion.Option none = chosen.stream().filter(o -> o.kind() == PlannedQuestion.Kind.NONE).findFirst().orElseThrow();
            return new MappedReply(ids, mapping, ReplyKind.NONE, Set.copyOf(none.codes()));
        }
        Set<Integer> codes = new LinkedHashSet<>();
        chosen.forEach(o -> codes.addAll(o.codes()));
        return new MappedReply(ids, mapping, chosen.size() == 1 ? ReplyKind.ONE : ReplyKind.SEVERAL, codes);
    }
}
