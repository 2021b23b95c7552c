package dev.overtone.infill.service;

import dev.overtone.proto.v1.Variant;
import dev.overtone.proto.v1.VariantsResult;

import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * Keeps sibling swaps (variants of the table or column family: the same query over a sibling table or column, such as
 * {@code plane} and {@code jet}) to the readings someone asked for. A swap of this call's own variant, or a variant of
 * its own swap, pairs two independent choices (which sibling, and the other change) that the original's variants
 * already offer one at a time: a reading nobody asked for, which doubles the answer under the sibling's name. Built
 * from the variants this call's earlier rounds offered (parser-svc's canonical SQL, as offered and sent back).
 */
final class SiblingSwaps {
    private static final Set<String> FAMILIES = Set.of("table", "column");

    private final Set<String> own = new HashSet<>();
    private final Set<String> swaps = new HashSet<>();

    SiblingSwaps(Collection<VariantsResult> earlier) {
        for (VariantsResult result : earlier) {
            for (Variant v : result.getVariantsList()) {
                own.add(v.getSql());
                if (isSwap(v)) {
                    swaps.add(v.getSql());
                }
            }
        }
    }

    /** Whether a reading may be varied: not when it is one of this call's own swaps. */
    boolean varies(String sql) {
        return !swaps.contains(sql);
    }

    /** Whether a variant of this source may be offered: no swap of this call's own variants. */
    boolean offers(String sourceSql, Variant variant) {
        return !(isSwap(variant) && own.contains(sourceSql));
    }

    private static boolean isSwap(Variant v) {
        return FAMILIES.contains(v.getFamily());
    }
}
