package dev.overtone.clarify.service;

import java.util.List;

/** A question ready to be asked and stored. */
public record PlannedQuestion(String text, String variableId, double expectedGain, List<Option> options) {

    public enum Kind {
        VALUE, NONE, ANY
    }

    /**
     * An option; {@code codes} are the variable values it stands for (a VALUE option has one, NONE
     * the values listed, ANY none).
     */
    public record Option(String id, String label, double probability, Kind kind, List<Integer> codes) {
    }
}
