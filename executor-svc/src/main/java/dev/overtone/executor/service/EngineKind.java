package dev.overtone.executor.service;

import java.util.Locale;

/** The engine behind a tenant database; its {@link #dialect()} is what queries must be written in. */
public enum EngineKind {
    SQLITE("sqlite"),
    POSTGRESQL("postgresql");

    private final String dialect;

    EngineKind(String dialect) {
        this.dialect = dialect;
    }

    public String dialect() {
        return dialect;
    }

    public static EngineKind parse(String text) {
        for (EngineKind kind : values()) {
            if (kind.dialect.equals(text.trim().toLowerCase(Locale.ROOT))) {
                return kind;
            }
        }
        throw new IllegalArgumentException("engine must be sqlite or postgresql, not '" + text + "'");
    }
}
