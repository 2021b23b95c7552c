package dev.overtone.executor.repository;

import dev.overtone.proto.v1.TruncationCause;

/** A cap that cut a result; each names the setting behind it. */
public enum Truncation {
    MAX_ROWS(TruncationCause.TRUNCATION_CAUSE_MAX_ROWS),
    MAX_BYTES(TruncationCause.TRUNCATION_CAUSE_MAX_BYTES),
    MAX_CELL_BYTES(TruncationCause.TRUNCATION_CAUSE_MAX_CELL_BYTES),
    MAX_ROW_BYTES(TruncationCause.TRUNCATION_CAUSE_MAX_ROW_BYTES);

    private final TruncationCause proto;

    Truncation(TruncationCause proto) {
        this.proto = proto;
    }

    public TruncationCause proto() {
        return proto;
    }
}
