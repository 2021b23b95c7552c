package dev.overtone.clarify.service;

import java.util.Arrays;

/** A tuple of value codes with value equality, as a map key (a partition, a group of readings). */
record CodeTuple(int[] codes) {
    @Override
    public boolean equals(Object o) {
        return o instanceof CodeTuple t && Arrays.equals(codes, t.codes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(codes);
    }

    @Override
    public String toString() {
        return Arrays.toString(codes);
    }
}
