package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.Stage;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The caller's candidates one call judges: identical ones counted once (SQL by {@link Route#sqlKey}, a text
 * without SQL by {@link Route#textKey}), the first {@code max} distinct ones in the caller's order kept with
 * every repeat of them (a repeat is a vote: it counts in {@code default_share}), the rest cut.
 */
public record CandidateCut(List<Route> kept, int distinct, int distinctCut, int routesCut) {

    public static CandidateCut of(List<Route> routes, int max) {
        Set<String> kept = new LinkedHashSet<>();
        Set<String> cut = new LinkedHashSet<>();
        List<Route> keptRoutes = new ArrayList<>(routes.size());
        int routesCut = 0;
        for (Route r : routes) {
            String identity = identity(r);
            if (kept.contains(identity) || (!cut.contains(identity) && kept.size() < max)) {
                kept.add(identity);
                keptRoutes.add(r);
            } else {
                cut.add(identity);
                routesCut++;
            }
        }
        return new CandidateCut(keptRoutes, kept.size() + cut.size(), cut.size(), routesCut);
    }

    public boolean cutAny() {
        return routesCut > 0;
    }

    /** For the answer's warning and degradation: what was cut, and the knob that decides it. */
    public String message(int received, int max) {
        return received + " caller defaults, " + distinct + " distinct (identical SQL counted once); the first " + max
                + " distinct in the caller's order were judged, " + distinctCut + " distinct (" + routesCut
                + " defaults) were not run (overtone.interpreter.pipeline.max-candidates)";
    }

    /**
     * The cut, said in the answer's warnings and degradations (stage STAGE_DEFAULTS, cause CANDIDATES_CUT, the routes
     * not run as affected calls); none when nothing was cut. A model sampled many times sends many candidates; none is
     * refused for their number.
     */
    public Optional<Setback> setback(int received, int max) {
        return !cutAny() ? Optional.empty() : Optional.of(new Setback(Degradations.of(Stage.STAGE_DEFAULTS,
                DegradationCause.DEGRADATION_CAUSE_CANDIDATES_CUT, "interpreter-svc", message(received, max)).toBuilder()
                .setAffectedCalls(routesCut).build(), Setback.Wording.CANDIDATES));
    }

    private static String identity(Route r) {
        return r.hasSql() ? "sql:" + r.sqlKey() : "text:" + r.textKey();
    }
}
