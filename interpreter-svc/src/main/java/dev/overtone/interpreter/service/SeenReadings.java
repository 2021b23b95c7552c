package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.SqlAnalysis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one call has seen. A SQL's identity is parser-svc's canonical form wherever an analysis of it exists (the
 * analyses infill-svc carried: its variants are canonical, and it hands back the canonical form of the readings it
 * was given); before any analysis it is {@link Route#sqlKey()}. A text without SQL is known by {@link Route#textKey()}.
 */
final class SeenReadings {
    private final Set<String> sql = new HashSet<>();
    private final Set<String> text = new HashSet<>();

    /** The identity of a route's SQL, given the analyses known by exact SQL. */
    static String identity(Route route, Map<String, SqlAnalysis> analyses) {
        SqlAnalysis analysis = analyses.get(route.sql());
        return analysis == null || analysis.getCanonicalSql().isBlank() ? route.sqlKey()
                : route.withSql(analysis.getCanonicalSql()).sqlKey();
    }

    /**
     * The routes not seen before, each now seen; with {@code keepRepeats} every route (the same SQL from two of the
     * caller's or the LLM's routes is a paraphrase: two routes to one result), while infill's repeats are nothing new.
     */
    List<Route> fresh(List<Route> routes, boolean keepRepeats, Map<String, SqlAnalysis> analyses) {
        List<Route> fresh = new ArrayList<>();
        for (Route r : routes) {
            boolean seen = r.hasSql() ? !sql.add(identity(r, analyses)) : text.contains(r.textKey());
            if (r.hasText()) {
                seen |= !text.add(r.textKey()) && !r.hasSql();
            }
            if (!seen || keepRepeats) {
                fresh.add(r);
            }
        }
        return fresh;
    }

    /** A seen SQL's canonical form, learnt from its analysis: a reading with that form is not new either. */
    void analysed(SqlAnalysis analysis) {
        if (!analysis.getCanonicalSql().isBlank()) {
            sql.add(new Route("", analysis.getCanonicalSql(), null, "").sqlKey());
        }
    }
}
