package dev.overtone.parser.analysis;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Case-insensitive lookups over a {@link Schema}; an empty index stands for "no schema given". */
public final class SchemaIndex {

    public static final SchemaIndex EMPTY = new SchemaIndex(Schema.getDefaultInstance());

    private final Schema schema;
    private final Map<String, Table> tables = new LinkedHashMap<>();
    private final Map<String, Map<String, Column>> columns = new LinkedHashMap<>();
    /** Every column name of any table, and every (table, column) a foreign key references: one lookup each, not a scan of the schema. */
    private final Set<String> columnNames = new HashSet<>();
    private final Set<List<String>> referenced = new HashSet<>();

    public SchemaIndex(Schema schema) {
        this.schema = schema;
        for (Table t : schema.getTablesList()) {
            tables.put(key(t.getName()), t);
            Map<String, Column> cols = new LinkedHashMap<>();
            for (Column c : t.getColumnsList()) cols.put(key(c.getName()), c);
            columns.put(key(t.getName()), cols);
        }
        // of the tables kept (a later table of the same name stands for an earlier one, as in the lookups above)
        columns.values().forEach(cols -> columnNames.addAll(cols.keySet()));
        for (Table t : tables.values())
            for (ForeignKey fk : t.getForeignKeysList())
                for (String c : fk.getReferencedColumnsList()) referenced.add(List.of(key(fk.getReferencedTable()), key(c)));
    }

    private volatile Map<String, String> storedValues;

    /** A sample value as stored, looked up case-insensitively (null when no sample matches). */
    public String storedValue(String literal) {
        Map<String, String> m = storedValues;
        if (m == null) {
            m = new java.util.HashMap<>();
            for (Table t : schema.getTablesList())
                for (Column c : t.getColumnsList())
                    for (String v : c.getSampleValuesList()) m.putIfAbsent(v.toLowerCase(Locale.ROOT), v);
            storedValues = m;
        }
        return m.get(literal.toLowerCase(Locale.ROOT));
    }

    public static SchemaIndex of(Schema schema) {
        return schema == null || schema.getTablesCount() == 0 ? EMPTY : new SchemaIndex(schema);
    }

    static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    public Schema schema() {
        return schema;
    }

    public boolean isEmpty() {
        return tables.isEmpty();
    }

    public Optional<Table> table(String name) {
        return Optional.ofNullable(tables.get(key(name)));
    }

    public List<Table> tables() {
        return List.copyOf(tables.values());
    }

    public Optional<Column> column(String table, String column) {
        Map<String, Column> cols = columns.get(key(table));
        return cols == null ? Optional.empty() : Optional.ofNullable(cols.get(key(column)));
    }

    public boolean hasColumnNamed(String column) {
        return columnNames.contains(key(column));
    }

    /** True when the name is a table or a column somewhere in the schema. */
    public boolean knowsName(String name) {
        return tables.containsKey(key(name)) || hasColumnNamed(name);
    }

    public boolean isKey(String table, String column) {
        Optional<Table> t = table(table);
        if (t.isEmpty()) return false;
        if (t.get().getPrimaryKeyList().stream().anyMatch(c -> c.equalsIgnoreCase(column))) return true;
        if (column(table, column).map(Column::getPrimaryKey).orElse(false)) return true;
        return t.get().getForeignKeysList().stream().anyMatch(fk -> fk.getColumnsList().stream().anyMatch(c -> c.equalsIgnoreCase(column)))
                || referencedBy(table, column);
    }

    private boolean referencedBy(String table, String column) {
        return referenced.contains(List.of(key(table), key(column)));
    }

    /** Foreign keys of a table that point at another table. */
    public List<ForeignKey> foreignKeys(String table, String referenced) {
        List<ForeignKey> out = new ArrayList<>();
        table(table).ifPresent(t -> t.getForeignKeysList().stream()
                .filter(fk -> fk.getReferencedTable().equalsIgnoreCase(referenced)).forEach(out::add));
        return out;
    }

    /** The table's name as the schema spells it, or the name itself. */
    public String tableName(String name) {
        return table(name).map(Table::getName).orElse(name);
    }
}
