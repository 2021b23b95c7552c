package dev.overtone.clarify.service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Words a question: the fork named in the user's words (the variable's pivot term, chosen at Start by
 * {@link PivotTerm}; the clause when there is none) and as plain noun phrases with their schema names
 * (each option's label), with each option's probability, then "none of these" and "either is fine".
 */
public final class QuestionWriter {

    private QuestionWriter() {
    }

    public static PlannedQuestion write(DecisionVariable variable, double[] p, double gain, int maxOptions) {
        double[] mass = new double[variable.valueCount()];
        for (int i = 0; i < p.length; i++) {
            mass[variable.codes()[i]] += p[i];
        }
        List<Integer> present = new ArrayList<>();
        for (int x = 0; x < mass.length; x++) {
            if (mass[x] > 0) {
                present.add(x);
            }
        }
        present.sort(Comparator.comparingDouble((Integer x) -> -mass[x]).thenComparingInt(x -> x));
        List<Integer> listed = present.subList(0, Math.min(Math.max(2, maxOptions), present.size()));
        double unlisted = 0;
        for (int x : present.subList(listed.size(), present.size())) {
            unlisted += mass[x];
        }
        List<PlannedQuestion.Option> options = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        int n = 1;
        for (int x : listed) {
            String label = variable.valueLabels().get(x);
            labels.add(label);
            options.add(new PlannedQuestion.Option("o" + n++, label, mass[x], PlannedQuestion.Kind.VALUE, List.of(x)));
        }
        options.add(new PlannedQuestion.Option("o" + n++, "none of these", unlisted, PlannedQuestion.Kind.NONE, List.copyOf(listed)));
        options.add(new PlannedQuestion.Option("o" + n, "either is fine", 0, PlannedQuestion.Kind.ANY, List.of()));
        String text = lead(variable) + ", do you mean " + alternatives(labels) + "?";
        return new PlannedQuestion(text, variable.id(), gain, options);
    }

    private static String lead(DecisionVariable variable) {
        return variable.pivotTerm().isBlank() ? "For " + clausePhrase(variable.clause()) : "By '" + variable.pivotTerm() + "'";
    }

    public static String clausePhrase(String clause) {
        return switch (clause) {
            case "select" -> "what the answer shows";
            case "from", "join" -> "which table to read";
            case "where" -> "which rows to keep";
            case "group_by" -> "how to group the rows";
            case "having" -> "which groups to keep";
            case "order_by" -> "how to order the rows";
            case "limit" -> "how many rows to return";
            case "distinct" -> "whether to drop duplicate rows";
            case "aggregate" -> "how to aggregate";
            case "set_operation", "union" -> "how the results are combined";
            default -> "this part of the query";
        };
    }

    private static String alternatives(List<String> labels) {
        if (labels.size() == 1) {
            return labels.get(0);
        }
        return String.join(", ", labels.subList(0, labels.size() - 1)) + " or " + labels.get(labels.size() - 1);
    }
}
