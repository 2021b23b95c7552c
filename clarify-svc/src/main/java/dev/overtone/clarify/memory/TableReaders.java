package dev.overtone.clarify.memory;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The readings that read a table anywhere: in FROM, a JOIN or a subquery. A word read as a table ("'editor' read as
 * EditorSoftwarePrograms") says which table the question is about; of readings that join the same tables, which one is
 * written first in FROM is the writer's order, not a meaning. Carried over, such a choice agrees with every reading that
 * reads the table, and it tells nothing apart where they all do (on the Ambrosia* dev set, "'editor' read as
 * EditorSoftwarePrograms" at the FROM fork pushed down every reading written FROM Editors JOIN ..., the first and right
 * one among them).
 */
final class TableReaders {

    private TableReaders() {
    }

    /** The indexes of the readings whose SQL names {@code table} (a whole name, outside quotes; case aside). */
    static Set<Integer> of(String table, List<String> readingSql) {
        Pattern name = Pattern.compile("(?<![A-Za-z0-9_$.])\"?" + Pattern.quote(table) + "\"?(?![A-Za-z0-9_$])", Pattern.CASE_INSENSITIVE);
        Set<Integer> out = new LinkedHashSet<>();
        for (int i = 0; i < readingSql.size(); i++) {
            if (name.matcher(withoutStrings(readingSql.get(i))).find()) {
                out.add(i);
            }
        }
        return out;
    }

    private static String withoutStrings(String sql) {
        return sql.replaceAll("'(?:[^']|'')*'", "''");
    }
}
