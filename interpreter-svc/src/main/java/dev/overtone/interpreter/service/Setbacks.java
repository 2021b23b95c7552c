package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Degradation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The setbacks of one call in the order they happened: the answer's degradations and its warnings both come from here. */
public final class Setbacks {
    private final List<Setback> all = new ArrayList<>();

    public void add(Setback setback) {
        all.add(setback);
    }

    public void addAll(List<Setback> setbacks) {
        all.addAll(setbacks);
    }

    public List<Degradation> degradations() {
        return all.stream().filter(Setback::onWire).map(Setback::degradation).toList();
    }

    public List<String> warnings() {
        return all.stream().map(Setback::warning).filter(Objects::nonNull).toList();
    }
}
