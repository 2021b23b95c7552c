package dev.overtone.infill.service;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Reading;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;

import java.util.List;
import java.util.stream.Collectors;

/** The database context a prompt shows the model: tables, columns with types and a few sample values, keys. */
public final class SchemaContext {
    private SchemaContext() {
    }

    public static String render(Schema schema) {
        StringBuilder out = new StringBuilder();
        out.append("Dialect: ").append(schema.getDialect()).append('\n');
        for (Table table : schema.getTablesList()) {
            out.append("CREATE TABLE ").append(table.getName()).append(" (");
            out.append(table.getColumnsList().stream().map(SchemaContext::column).collect(Collectors.joining(", ")));
            if (table.getPrimaryKeyCount() > 0) {
                out.append(", PRIMARY KEY (").append(String.join(", ", table.getPrimaryKeyList())).append(')');
            }
            for (ForeignKey fk : table.getForeignKeysList()) {
                out.append(", FOREIGN KEY (").append(String.join(", ", fk.getColumnsList())).append(") REFERENCES ")
                        .append(fk.getReferencedTable()).append(" (").append(String.join(", ", fk.getReferencedColumnsList())).append(')');
            }
            out.append(");\n");
        }
        return out.toString();
    }

    private static String column(Column c) {
        String s = c.getName() + " " + c.getDeclaredType();
        if (c.getSampleValuesCount() > 0) {
            s += " /* e.g. " + c.getSampleValuesList().stream().limit(3).map(v -> "'" + v + "'").collect(Collectors.joining(", ")) + " */";
        }
        return s;
    }

    /** The infilling prompt, after the paper's appendix D in our words. */
    public static String infillPrompt(Schema schema, String question, List<Reading> readings) {
        StringBuilder existing = new StringBuilder();
        int n = 0;
        for (Reading r : readings) {
            String text = r.getText().isBlank() ? "the reading computed by: " + r.getSql().strip() : r.getText().strip();
            existing.append(++n).append(". ").append(text).append('\n');
        }
        return """
                Look at the database, the question and the interpretations already found, and decide whether any
                interpretation of the question is missing. If some are missing, write each missing one on its own
                line, with no explanation. If the interpretations already found cover every meaning, answer only:
                "All possible interpretations are covered."

                The database:
                %s
                The question: %s

                Interpretations already found:
                %s
                Write the missing interpretations, or say that all possible interpretations are covered.
                """.formatted(render(schema), question, existing.length() == 0 ? "(none)\n" : existing);
    }
}
