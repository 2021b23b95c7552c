package dev.overtone.bench.dataset;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One example of a bench data set.
 *
 * @param dbDump   the database as a SQLite SQL script, or null
 * @param dbFile   the database as a SQLite file (resolved against the JSONL file), or null
 * @param defaults the recorded default interpretations (the LLM stage's output)
 */
public record Example(String id, String question, List<String> goldQueries, String dbDump, Path dbFile,
                      List<Default> defaults, String ambigType, boolean ambiguous) {

    /** A default interpretation: its text and every SQL written for it. */
    public record Default(String interpretation, String sql, List<String> sqls) {

        /** {@code sqls} when present, else {@code [sql]}, else nothing (the reference's rule). */
        public List<String> allSql() {
            if (sqls != null && !sqls.isEmpty()) {
                return sqls;
            }
            return sql == null || sql.isEmpty() ? List.of() : List.of(sql);
        }
    }

    /** The baseline prediction: every SQL of every default, in order (reference {@code --use-defaults}). */
    public List<String> defaultSql() {
        List<String> out = new ArrayList<>();
        for (Default d : defaults) {
            out.addAll(d.allSql());
        }
        return out;
    }

    /** The ambiguity type, or "untyped" when the example has none. */
    public String type() {
        return ambigType == null || ambigType.isBlank() ? "untyped" : ambigType;
    }
}
