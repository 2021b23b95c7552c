package dev.overtone.clarify.service;

/** Where a decision variable stands in a dialogue. */
public enum VariableStatus {
    /** May be asked. */
    OPEN,
    /** The user chose one value. */
    ANSWERED,
    /** The user could not tell ("I don't know"): never asked again, its branches stay apart. */
    SET_ASIDE,
    /** The user accepts several values ("either is fine", a multi-select): its branches count as one. */
    MERGED
}
