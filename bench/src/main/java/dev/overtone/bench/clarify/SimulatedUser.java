package dev.overtone.bench.clarify;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.overtone.proto.v1.OptionKind;
import dev.overtone.proto.v1.Reply;

/**
 * A simulated user with one intended reading (the candidates whose result equals the intended gold's).
 * <ul>
 * <li>helpful: picks the option whose candidates include an intended one (the most specific such
 * option), else "none of these";</li>
 * <li>partial: says in free text only part of the label the helpful user would pick;</li>
 * <li>unhelpful: answers "I don't know" to every other question (the 1st, 3rd, ...) and helpfully
 * to the rest.</li>
 * </ul>
 */
public final class SimulatedUser {

    public static final String DONT_KNOW = "I don't know";
    public static final String NONE_OF_THESE = "none of these";

    /** The kinds of user. */
    public enum Kind {
        HELPFUL, PARTIAL, UNHELPFUL;

        public static Kind parse(String s) {
            try {
                return valueOf(s.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--user must be helpful, partial or unhelpful, not '" + s + "'");
            }
        }
    }

    /**
     * An option as the user sees it, with the candidates it keeps (learnt by probing the service).
     */
    public record OptionView(String id, OptionKind kind, String label, Set<String> candidateIds) {
    }

    private SimulatedUser() {
    }

    /** True when this user's reply to question {@code number} (1-based) needs to know the options' candidates. */
    public static boolean needsCandidates(Kind kind, int number) {
        return !(kind == Kind.UNHELPFUL && number % 2 == 1);
    }

    /** The reply of {@code kind} to question {@code number} (1-based). */
    public static Reply reply(Kind kind, int number, List<OptionView> options, Set<String> intended) {
        if (!needsCandidates(kind, number)) {
            return Reply.newBuilder().setFreeText(DONT_KNOW).build();
        }
        OptionView choice = helpfulChoice(options, intended);
        if (kind == Kind.PARTIAL) {
            return Reply.newBuilder().setFreeText(choice == null || choice.kind() == OptionKind.OPTION_KIND_NONE
                    ? NONE_OF_THESE : partialText(choice, options)).build();
        }
        if (choice == null) {
            return Reply.newBuilder().setFreeText(NONE_OF_THESE).build();
        }
        return Reply.newBuilder().setOptionId(choice.id()).build();
    }

    /**
     * The value option that keeps an intended candidate, the most specific one first (highest share
     * of intended candidates among those it keeps, then fewest candidates, then first listed); the
     * "none of these" option when none keeps one; null when there is no such option either.
     */
    public static OptionView helpfulChoice(List<OptionView> options, Set<String> intended) {
        OptionView best = null;
        double bestShare = -1;
        for (OptionView o : options) {
            if (o.kind() != OptionKind.OPTION_KIND_VALUE) {
                continue;
            }
            long hits = o.candidateIds().stream().filter(intended::contains).count();
            if (hits == 0) {
                continue;
            }
            double share = (double) hits / o.candidateIds().size();
            if (share > bestShare || (share == bestShare && o.candidateIds().size() < best.candidateIds().size())) {
                best = o;
                bestShare = share;
            }
        }
        if (best != null) {
            return best;
        }
        return options.stream().filter(o -> o.kind() == OptionKind.OPTION_KIND_NONE).findFirst().orElse(null);
    }

    /**
     * Part of the chosen label: the words no other value option's label shares, the first half of
     * them (at least one); a one-word label is said as it is.
     */
    public static String partialText(OptionView choice, List<OptionView> options) {
        List<String> words = words(choice.label());
        if (words.size() <= 1) {
            return choice.label().strip();
        }
        Set<String> shared = null;
        for (OptionView o : options) {
            if (o.kind() != OptionKind.OPTION_KIND_VALUE || o.id().equals(choice.id())) {
                continue;
            }
            Set<String> ws = new LinkedHashSet<>();
            words(o.label()).forEach(w -> ws.add(w.toLowerCase(Locale.ROOT)));
            if (shared == null) {
                shared = ws;
            } else {
                shared.addAll(ws);
            }
        }
        List<String> distinctive = new ArrayList<>();
        for (String w : words) {
            if (shared == null || !shared.contains(w.toLowerCase(Locale.ROOT))) {
                distinctive.add(w);
            }
        }
        if (distinctive.isEmpty()) {
            distinctive = words;
        }
        int keep = Math.max(1, distinctive.size() / 2);
        if (distinctive.size() == words.size() && keep == words.size()) {
            keep = words.size() - 1;
        }
        return String.join(" ", distinctive.subList(0, keep));
    }

    private static List<String> words(String label) {
        List<String> out = new ArrayList<>();
        for (String w : label.strip().split("[\\s,;:()\"'`]+")) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }
}
