package dev.overtone.clarify.memory;

/** A remembered choice that decides variable {@code variable} (its index) of a question: its value {@code value}. */
public record Decision(Choice choice, int variable, int value) {
}
