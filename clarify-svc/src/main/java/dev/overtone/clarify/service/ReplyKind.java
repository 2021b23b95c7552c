package dev.overtone.clarify.service;

/** What a mapped reply means for the variable asked about. */
public enum ReplyKind {
    /** One value: keep the readings that have it. */
    ONE,
    /** Several values (a partially helpful reply): keep those readings, merge their branches. */
    SEVERAL,
    /** "None of these": drop the readings with a listed value. */
    NONE,
    /** "Either is fine": keep everything, merge the branches. */
    ANY,
    /** "I don't know": keep everything, set the variable aside. */
    UNHELPFUL
}
