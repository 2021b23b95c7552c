package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;

/**
 * What one downstream call gave: its answer, or the {@link DownstreamFailure} that ended it, never both.
 * A stage that runs calls side by side keeps one per call, so a failed call does not end the others.
 */
public record Called<T>(T value, DownstreamFailure failure) {

    public static <T> Called<T> answered(T value) {
        return new Called<>(value, null);
    }

    public static <T> Called<T> failed(DownstreamFailure failure) {
        return new Called<>(null, failure);
    }

    public boolean ok() {
        return failure == null;
    }
}
