package dev.overtone.clarify.service;

/** Why a dialogue resolved. */
public enum StopReason {
    THRESHOLD, NOTHING_TO_ASK, TURN_LIMIT, ANY_IS_FINE, NO_CANDIDATE
}
