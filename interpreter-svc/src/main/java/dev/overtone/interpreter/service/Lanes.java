package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Stage;

import java.util.List;
import java.util.function.Function;

/** Runs a stage's per-reading calls side by side, answering in the items' order ({@link BoundedParallel} in the service). */
public interface Lanes {
    <T, R> List<R> map(Stage stage, List<T> items, Function<T, R> work);
}
