package dev.overtone.clarify.service;

/** What Answer asks for: exactly one of optionId / freeText is set; idempotencyKey may be empty. */
public record AnswerCommand(String sessionId, int turn, String optionId, String freeText, String idempotencyKey) {

    String digest() {
        return turn + "|" + (optionId != null ? "option:" + optionId : "text:" + freeText);
    }
}
