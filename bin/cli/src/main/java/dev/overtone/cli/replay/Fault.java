package dev.overtone.cli.replay;

/** What the replay server does to one chat completion instead of (or before) answering it. */
public enum Fault {
    /** Answer normally. */
    NONE,
    /** Hold the request past the client's timeout, then answer. */
    TIMEOUT,
    /** HTTP 500 with a vLLM-style error body. */
    ERROR,
    /** HTTP 200 with a body that is not a chat completion (cut-off JSON or an HTML page). */
    GARBAGE
}
