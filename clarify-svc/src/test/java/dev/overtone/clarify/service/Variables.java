package dev.overtone.clarify.service;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Builds decision variables for tests from value codes. */
final class Variables {

    private Variables() {
    }

    static DecisionVariable of(String id, int... codes) {
        int n = Arrays.stream(codes).max().orElse(0) + 1;
        List<String> keys = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<String> terms = new ArrayList<>();
        for (int x = 0; x < n; x++) {
            keys.add(id + "=" + x);
            labels.add(id + " value " + x);
            terms.add("");
        }
        return new DecisionVariable(id, List.of(id), "select", codes, keys, labels, terms);
    }
}
