package dev.overtone.bench.scoring;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The comparison rule of the reference scorer ({@code results_match}): an empty prediction never
 * matches; when the gold's text contains "order by" the rows are compared in order, each as a bag
 * of cells; otherwise the bags of all cells are compared.
 */
public final class ResultMatch {

    private ResultMatch() {
    }

    /** Case-insensitive substring test, exactly the reference's {@code has_order_by}. */
    public static boolean hasOrderBy(String sql) {
        return sql.toLowerCase(Locale.ROOT).contains("order by");
    }

    public static boolean matches(List<List<Object>> pred, List<List<Object>> gold, boolean ordered) {
        if (pred.isEmpty()) {
            return false;
        }
        if (ordered) {
            if (pred.size() != gold.size()) {
                return false;
            }
            int width = gold.get(0).size();
            if (gold.stream().anyMatch(r -> r.size() != width) || pred.stream().anyMatch(r -> r.size() != width)) {
                return false;
            }
            for (int i = 0; i < pred.size(); i++) {
                if (!bag(List.of(pred.get(i))).equals(bag(List.of(gold.get(i))))) {
                    return false;
                }
            }
            return true;
        }
        return bag(gold).equals(bag(pred));
    }

    /** The multiset of all cells of the rows. */
    static Map<Object, Integer> bag(List<List<Object>> rows) {
        Map<Object, Integer> counts = new HashMap<>();
        for (List<Object> row : rows) {
            for (Object cell : row) {
                counts.merge(cell == null ? NullCell.INSTANCE : cell, 1, Integer::sum);
            }
        }
        return counts;
    }

    private enum NullCell { INSTANCE }
}
