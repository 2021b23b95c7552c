package dev.overtone.executor.service;

import dev.overtone.executor.repository.QueryResult;

/** A statement's result with its fingerprint and whether row order is part of it. */
public record ExecutionOutcome(QueryResult result, Fingerprint fingerprint, boolean ordered) {
}
