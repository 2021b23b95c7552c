package dev.overtone.clarify.service;

/** How close two short texts are in meaning, in [0, 1]; {@link #NONE} when no model is configured. */
public interface WordSimilarity {

    WordSimilarity NONE = (a, b) -> 0;

    double similarity(String a, String b);
}
