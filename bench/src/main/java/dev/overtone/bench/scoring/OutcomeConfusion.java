package dev.overtone.bench.scoring;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The answer's outcome against the example's label: how many ambiguous and how many unambiguous questions
 * got each outcome. A call that failed has no outcome; it is counted as {@code call failed: STATUS}.
 * The verdict's two error rates come from it: ambiguous questions not flagged, unambiguous ones flagged.
 */
public record OutcomeConfusion(Map<String, int[]> counts, int ambiguous, int unambiguous) {

    /** The row of {@code OUTCOME_AMBIGUOUS} (rows drop the {@code OUTCOME_} prefix). */
    public static final String FLAGGED = "AMBIGUOUS";

    /** One example: its label and the answer's outcome ({@code OUTCOME_...}), or the failed call's status. */
    public record Labelled(boolean ambiguous, String outcome, String failedStatus) {

        String row() {
            if (outcome == null) {
                return "call failed: " + (failedStatus == null ? "UNKNOWN" : failedStatus);
            }
            return outcome.startsWith("OUTCOME_") ? outcome.substring("OUTCOME_".length()) : outcome;
        }
    }

    public static OutcomeConfusion of(List<Labelled> examples) {
        // outcomes first in the proto's order of interest, failed calls after them
        Map<String, int[]> counts = new TreeMap<>(OutcomeConfusion::rowOrder);
        int amb = 0;
        int un = 0;
        for (Labelled e : examples) {
            int[] c = counts.computeIfAbsent(e.row(), k -> new int[2]);
            c[e.ambiguous() ? 0 : 1]++;
            if (e.ambiguous()) {
                amb++;
            } else {
                un++;
            }
        }
        return new OutcomeConfusion(counts, amb, un);
    }

    private static final List<String> ORDER = List.of(FLAGGED, "ANSWERABLE", "INCOMPLETE", "UNANSWERABLE", "FAILED");

    private static int rowOrder(String a, String b) {
        int ia = ORDER.indexOf(a);
        int ib = ORDER.indexOf(b);
        ia = ia < 0 ? ORDER.size() : ia;
        ib = ib < 0 ? ORDER.size() : ib;
        return ia != ib ? Integer.compare(ia, ib) : a.compareTo(b);
    }

    /** Percent of the ambiguous questions answered AMBIGUOUS (NaN without any). */
    public double ambiguousFlagged() {
        return percent(counts.getOrDefault(FLAGGED, new int[2])[0], ambiguous);
    }

    /** Percent of the unambiguous questions answered AMBIGUOUS: the false alarms. */
    public double unambiguousFlagged() {
        return percent(counts.getOrDefault(FLAGGED, new int[2])[1], unambiguous);
    }

    private static double percent(int k, int n) {
        return n == 0 ? Double.NaN : 100.0 * k / n;
    }

    /** {@code {"rows": {OUTCOME: {"ambiguous": n, "unambiguous": n}}, "ambiguous_flagged", "unambiguous_flagged", "n_ambiguous", "n_unambiguous"}}. */
    public Map<String, Object> toJson() {
        Map<String, Object> rows = new LinkedHashMap<>();
        counts.forEach((row, c) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("ambiguous", c[0]);
            m.put("unambiguous", c[1]);
            rows.put(row, m);
        });
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("rows", rows);
        out.put("ambiguous_flagged", Double.isNaN(ambiguousFlagged()) ? null : SubsetMetrics.round(ambiguousFlagged()));
        out.put("unambiguous_flagged", Double.isNaN(unambiguousFlagged()) ? null : SubsetMetrics.round(unambiguousFlagged()));
        out.put("n_ambiguous", ambiguous);
        out.put("n_unambiguous", unambiguous);
        return out;
    }

    /** The table as lines of text: one row per outcome, the count and the percent of its column. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "%-28s %16s %16s", "outcome \\ label", "ambiguous", "unambiguous"));
        counts.forEach((row, c) -> out.add(String.format(Locale.ROOT, "%-28s %16s %16s", row, cell(c[0], ambiguous),
                cell(c[1], unambiguous))));
        out.add(String.format(Locale.ROOT, "%-28s %16d %16d", "total", ambiguous, unambiguous));
        return out;
    }

    /** The same as a Markdown table. */
    public String markdown() {
        StringBuilder md = new StringBuilder("| outcome \\ label | ambiguous | unambiguous |\n|---|---:|---:|\n");
        counts.forEach((row, c) -> md.append("| ").append(row).append(" | ").append(cell(c[0], ambiguous)).append(" | ")
                .append(cell(c[1], unambiguous)).append(" |\n"));
        md.append("| total | ").append(ambiguous).append(" | ").append(unambiguous).append(" |\n");
        return md.toString();
    }

    private static String cell(int k, int n) {
        return n == 0 ? String.valueOf(k) : String.format(Locale.ROOT, "%d (%.1f %%)", k, 100.0 * k / n);
    }
}
