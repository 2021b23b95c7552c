package dev.overtone.clarify.service;

import java.util.AbstractList;
import java.util.List;
import java.util.function.Supplier;

/**
 * A fork's readable labels, built on first read: Recall extracts forks on every asked call and reads no label unless a
 * remembered choice could apply (a pivot term), while building them ({@link OptionPhrase}) was most of fork extraction's
 * time. Built once; two threads racing build the same list.
 */
final class LazyLabels extends AbstractList<String> {
    private final Supplier<List<String>> build;
    private volatile List<String> built;

    LazyLabels(Supplier<List<String>> build) {
        this.build = build;
    }

    private List<String> labels() {
        List<String> out = built;
        if (out == null) {
            out = List.copyOf(build.get());
            built = out;
        }
        return out;
    }

    /** Whether the labels have been built (for tests). */
    boolean isBuilt() {
        return built != null;
    }

    @Override
    public String get(int index) {
        return labels().get(index);
    }

    @Override
    public int size() {
        return labels().size();
    }
}
