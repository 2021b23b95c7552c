package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;

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

    /** The zero-shot prompt for default interpretations, after the paper's appendix C in our words. */
    public static String defaultsPrompt(Schema schema, String question) {
        return """
                You read questions that people ask about a database. A question may have one meaning or several.

                What to do:
                - Write down every different way the question can be understood.
                - Think of every meaning, not only the obvious one.
                - Two lines must differ in meaning (which columns, tables, grouping or scope), not only in wording.

                Rules:
                - One interpretation per line.
                - No explanations, no reasoning, no headings.
                - Word each interpretation precisely enough to be written as one SQL query.

                The database:
                %s
                The question:
                %s
                """.formatted(render(schema), question);
    }
}
