package dev.overtone.parser.service;

/** No valid SQL came back after the re-asks; the message carries the last error. */
public class ParseFailedException extends RuntimeException {
    public ParseFailedException(String message) {
        super(message);
    }
}
