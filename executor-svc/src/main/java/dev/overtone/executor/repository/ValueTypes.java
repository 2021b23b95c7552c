package dev.overtone.executor.repository;

import dev.overtone.proto.v1.ValueType;
import java.util.Locale;

/** Maps an engine's declared column type to the normalised {@link ValueType}. */
public final class ValueTypes {
    private ValueTypes() {
    }

    /**
     * SQLite's affinity rules, extended with the names PostgreSQL's format_type() prints.
     * An empty declared type (SQLite expressions) is OTHER.
     */
    public static ValueType fromDeclared(String declared) {
        String t = declared == null ? "" : declared.toUpperCase(Locale.ROOT);
        if (t.isBlank()) {
            return ValueType.VALUE_TYPE_OTHER;
        }
        if (t.startsWith("INTERVAL") || t.contains("[]") || t.startsWith("POINT") || t.startsWith("JSON")
                || t.startsWith("TIME WITH") || t.equals("TIME") || t.startsWith("TIME(")
                || t.startsWith("TIME WITHOUT")) {
            return ValueType.VALUE_TYPE_OTHER;
        }
        if (t.startsWith("BOOL")) {
            return ValueType.VALUE_TYPE_BOOLEAN;
        }
        if (t.contains("TIMESTAMP") || t.contains("DATETIME")) {
            return ValueType.VALUE_TYPE_TIMESTAMP;
        }
        if (t.contains("DATE")) {
            return ValueType.VALUE_TYPE_DATE;
        }
        if (t.contains("INT") || t.equals("SERIAL") || t.equals("BIGSERIAL") || t.equals("OID")) {
            return ValueType.VALUE_TYPE_INTEGER;
        }
        if (t.contains("CHAR") || t.contains("CLOB") || t.contains("TEXT") || t.equals("NAME") || t.equals("UUID")) {
            return ValueType.VALUE_TYPE_TEXT;
        }
        if (t.contains("BLOB") || t.equals("BYTEA")) {
            return ValueType.VALUE_TYPE_BLOB;
        }
        if (t.contains("REAL") || t.contains("FLOA") || t.contains("DOUB") || t.contains("NUMERIC")
                || t.contains("DECIMAL")) {
            return ValueType.VALUE_TYPE_REAL;
        }
        return ValueType.VALUE_TYPE_OTHER;
    }
}
