package dev.overtone.clarify.memory;

import dev.overtone.clarify.service.SlotValue;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The tables each reading reads, as parser-svc's analysis names them: the schema elements of its FROM and JOIN slots
 * (paths ending {@code from[0]} or {@code join[k]}, in every branch of a set operation). The analysis names the schema
 * table, so an alias is no table and a qualifier is no read of its own. A word read as a table ("'editor' read as
 * EditorSoftwarePrograms") says which table the question is about; of readings that join the same tables, which one is
 * written first in FROM is the writer's order, not a meaning. Carried over, such a choice agrees with every reading that
 * reads the table, and it tells nothing apart where they all do (on the Ambrosia* dev set, "'editor' read as
 * EditorSoftwarePrograms" at the FROM fork pushed down every reading written FROM Editors JOIN ..., the first and right
 * one among them). The slots cover the outer query and its set branches: a table read only inside a subquery is not
 * counted.
 */
public final class TableReaders {
    private static final Pattern TABLE_SLOT = Pattern.compile("(?:^|/)(?:from\\[0]|join\\[\\d+])$");

    private TableReaders() {
    }

    /** Each reading's tables (lower case), in the readings' order. */
    public static List<Set<String>> tables(List<List<SlotValue>> slotsByReading) {
        return slotsByReading.stream().map(TableReaders::tablesOf).toList();
    }

    private static Set<String> tablesOf(List<SlotValue> slots) {
        Set<String> out = new LinkedHashSet<>();
        for (SlotValue s : slots) {
            if (TABLE_SLOT.matcher(s.path()).find()) {
                s.schemaElements().forEach(e -> out.add(e.toLowerCase(Locale.ROOT)));
            }
        }
        return out;
    }

    /** The indexes of the readings that read {@code table} (case aside). */
    static Set<Integer> of(String table, List<Set<String>> readingTables) {
        String name = table.toLowerCase(Locale.ROOT);
        Set<Integer> out = new LinkedHashSet<>();
        for (int i = 0; i < readingTables.size(); i++) {
            if (readingTables.get(i).contains(name)) {
                out.add(i);
            }
        }
        return out;
    }
}
