package dev.overtone.bench.scoring;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Metrics of one system (baseline or Overtone) over a data set: for ambiguous and unambiguous
 * examples separately, the total and each {@code ambig_type} in order of first appearance.
 */
public record CoverageSummary(Map<String, Subset> subsets) {

    public static final String AMBIGUOUS = "ambiguous";
    public static final String UNAMBIGUOUS = "unambiguous";

    /** One subset's total and per-type metrics. */
    public record Subset(SubsetMetrics total, Map<String, SubsetMetrics> byType) {
    }

    /** One scored example with what the aggregation needs. */
    public record Scored(String type, boolean ambiguous, ExampleScore score, boolean failed) {
    }

    public static CoverageSummary of(List<Scored> scored) {
        List<String> types = new ArrayList<>();
        for (Scored s : scored) {
            if (!types.contains(s.type())) {
                types.add(s.type());
            }
        }
        Map<String, Subset> subsets = new LinkedHashMap<>();
        for (String name : List.of(AMBIGUOUS, UNAMBIGUOUS)) {
            boolean flag = name.equals(AMBIGUOUS);
            List<Scored> sel = scored.stream().filter(s -> s.ambiguous() == flag).toList();
            if (sel.isEmpty()) {
                continue;
            }
            Map<String, SubsetMetrics> byType = new LinkedHashMap<>();
            for (String t : types) {
                List<Scored> ofType = sel.stream().filter(s -> t.equals(s.type())).toList();
                if (!ofType.isEmpty()) {
                    byType.put(t, metrics(ofType));
                }
            }
            subsets.put(name, new Subset(metrics(sel), byType));
        }
        return new CoverageSummary(subsets);
    }

    private static SubsetMetrics metrics(List<Scored> sel) {
        return SubsetMetrics.of(sel.stream().map(Scored::score).toList(), sel.stream().map(Scored::failed).toList());
    }

    /** {@code {"ambiguous": {..., "by_type": {TYPE: {...}}}, "unambiguous": {...}}}. */
    public Map<String, Object> toJson() {
        Map<String, Object> out = new LinkedHashMap<>();
        subsets.forEach((name, subset) -> {
            Map<String, Object> m = subset.total().toJson();
            Map<String, Object> byType = new LinkedHashMap<>();
            subset.byType().forEach((t, metrics) -> byType.put(t, metrics.toJson()));
            m.put("by_type", byType);
            out.put(name, m);
        });
        return out;
    }
}
