package dev.overtone.clarify.service;

/** Why a dialogue resolved. */
public enum StopReason {
    THRESHOLD, NOTHING_TO_ASK, TURN_LIMIT, ANY_IS_FINE, NO_CANDIDATE,
    /** The tenant's remembered choices decided what would have been asked (never by the dialogue's own rules). */
    REMEMBERED
}
