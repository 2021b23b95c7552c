package dev.overtone.executor.service;

/** A credential. Its text never appears in a log line, toString or exception message. */
public final class Secret {
    private final String value;

    public Secret(String value) {
        this.value = value;
    }

    public String reveal() {
        return value;
    }

    @Override
    public String toString() {
        return "****";
    }
}
