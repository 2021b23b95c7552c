package dev.overtone.interpreter.ranking;

import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;

import java.util.Collection;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Scope evidence from the schema's structure: the question quantifies with "each" or "every" inside the question (not
 * fronted as its topic, which {@link ScopeCues} counts as a stated reach) and a reading goes through a link table, a
 * table whose foreign keys reach two or more other tables (a many-to-many). "The jobs each startup has" can then mean
 * the jobs per startup or the jobs every startup has: the quantifier's scope is left open. Only function words and
 * foreign keys are read; nothing is keyed to names.
 */
final class LinkQuantifier {
    private static final Pattern WORD = Pattern.compile("[a-z]+");
    private static final Set<String> EACH_OR_EVERY = Set.of("each", "every");

    private LinkQuantifier() {
    }

    /**
     * 1 when the question has an inner "each"/"every" and one of the readings' names (lower case, as
     * {@link ReadingStructure#names()}) is a link table of the schema, else 0.
     */
    static double of(String question, Schema schema, Collection<? extends Set<String>> readingsNames) {
        if (!innerQuantifier(question)) {
            return 0.0;
        }
        Set<String> links = linkTables(schema);
        return readingsNames.stream().anyMatch(names -> names.stream().anyMatch(links::contains)) ? 1.0 : 0.0;
    }

    /**
     * An "each"/"every" neither fronted ("For each farm, ...") nor the object of a verb of asking ("List each patient's
     * name"): both distribute over what is asked for, and leave nothing open.
     */
    static boolean innerQuantifier(String question) {
        String lower = question.toLowerCase(Locale.ROOT);
        if (ScopeCues.FRONTED_QUANTIFIER.matcher(lower).lookingAt()) {
            return false;
        }
        Matcher m = WORD.matcher(lower);
        String before = "";
        while (m.find()) {
            String word = m.group();
            if (EACH_OR_EVERY.contains(word) && !ScopeCues.VERBS_OF_ASKING.contains(before)) {
                return true;
            }
            before = word;
        }
        return false;
    }

    /** The tables (lower case) whose foreign keys reference two or more distinct other tables. */
    static Set<String> linkTables(Schema schema) {
        Set<String> out = new HashSet<>();
        for (Table t : schema.getTablesList()) {
            String name = t.getName().toLowerCase(Locale.ROOT);
            Set<String> referenced = new HashSet<>();
            for (ForeignKey fk : t.getForeignKeysList()) {
                referenced.add(fk.getReferencedTable().toLowerCase(Locale.ROOT));
            }
            referenced.remove(name);
            if (referenced.size() >= 2) {
                out.add(name);
            }
        }
        return out;
    }
}
