package dev.overtone.parser.service;

/** The language model that writes SQL: one system + user message in, the model's text out; a failure is a {@code ModelFailure}. */
public interface SqlWriter {

    /** False when no endpoint is configured. */
    boolean configured();

    String complete(String system, String user);
}
