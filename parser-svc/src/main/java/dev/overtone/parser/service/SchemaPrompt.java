package dev.overtone.parser.service;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;

import java.util.stream.Collectors;

/** The schema as the model reads it: one line per table, columns with type, keys and a few sample values. */
final class SchemaPrompt {

    private static final int SAMPLES = 3;

    private SchemaPrompt() {
    }

    static String render(Schema schema) {
        StringBuilder b = new StringBuilder();
        for (Table t : schema.getTablesList()) {
            b.append(t.getName()).append('(');
            b.append(t.getColumnsList().stream().map(c -> column(t, c)).collect(Collectors.joining(", ")));
            b.append(")\n");
        }
        return b.toString();
    }

    private static String column(Table t, Column c) {
        StringBuilder b = new StringBuilder(c.getName());
        if (!c.getDeclaredType().isEmpty()) b.append(' ').append(c.getDeclaredType());
        if (c.getPrimaryKey() || t.getPrimaryKeyList().contains(c.getName())) b.append(" primary key");
        for (ForeignKey fk : t.getForeignKeysList()) {
            int i = fk.getColumnsList().indexOf(c.getName());
            if (i >= 0) b.append(" references ").append(fk.getReferencedTable())
                    .append(i < fk.getReferencedColumnsCount() ? "." + fk.getReferencedColumns(i) : "");
        }
        if (c.getSampleValuesCount() > 0)
            b.append(" e.g. ").append(c.getSampleValuesList().stream().limit(SAMPLES).map(v -> "'" + v.replace("'", "''") + "'")
                    .collect(Collectors.joining(", ")));
        return b.toString();
    }
}
