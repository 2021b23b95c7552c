package dev.overtone.clarify.service;

/** How close two short texts are in meaning, in [0, 1]; {@link #NONE} when no model is configured. */
public interface WordSimilarity {

    WordSimilarity NONE = (a, b) -> 0;

    double similarity(String a, String b);

    /**
     * Thrown by a similarity that may not run the model ({@link dev.overtone.clarify.mapping.EmbeddingMatcher#cachedOnly})
     * when a text's vector is not cached: the caller goes on where blocking is allowed. No stack trace: it is expected.
     */
    final class NotCached extends RuntimeException {
        public NotCached() {
            super("a text's vector is not cached", null, false, false);
        }
    }
}
