package dev.overtone.parser.analysis;

import dev.overtone.proto.v1.SlotKind;

import java.util.List;
import java.util.Optional;

/** What {@link SqlAnalyzer} finds in one SELECT. */
public record Analysis(List<TableUsage> tables, List<ColumnUsage> columns, String template, List<SlotValue> slots,
                       String canonicalSql, List<String> unknownNames) {

    /** A table the query reads and the aliases it is read under. */
    public record TableUsage(String name, List<String> aliases) {
    }

    /** A column, resolved through aliases (table empty when unresolved), and the clauses it appears in. */
    public record ColumnUsage(String table, String column, List<String> clauses) {
    }

    /** A clause-level part of the query. */
    public record SlotValue(String path, SlotKind kind, String value, String label, List<String> schemaElements) {
    }

    public Optional<SlotValue> slot(String path) {
        return slots.stream().filter(s -> s.path().equals(path)).findFirst();
    }
}
