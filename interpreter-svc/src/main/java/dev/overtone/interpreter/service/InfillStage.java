package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.proto.v1.Degradation;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.InfillOptions;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfilledReading;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.Reading;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Stage;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** One infill round: infill-svc's Infill with the readings found so far, and what it offered. */
public final class InfillStage {

    /** infill-svc's Infill within a deadline; a failed call throws {@link DownstreamFailure}. */
    @FunctionalInterface
    public interface Infill {
        InfillResponse infill(InfillRequest request, long timeoutMs);
    }

    /**
     * What infill-svc is told: the question, the representatives found so far with the analyses known of their SQL
     * (by the exact SQL), this call's id and whether this is the last round.
     */
    public record Input(String question, Schema schema, InterpretOptions options, int maxReadings, String callId,
                        boolean lastRound, List<ReadingGroup> representatives, Map<String, SqlAnalysis> analyses, long timeoutMs) {
    }

    /**
     * What a round gave: the readings offered as routes, whether infill-svc judged every reading covered, the analyses
     * it carried (of the representatives and of the offered readings, by exact SQL), and what went wrong.
     */
    public record Round(List<Route> offered, boolean allCovered, Map<String, SqlAnalysis> analyses, List<Setback> setbacks,
                        boolean failed) {
        String detail() {
            return failed ? "failed" : offered.size() + " readings offered" + (allCovered ? ", all covered" : "");
        }
    }

    private final Infill infill;

    public InfillStage(Infill infill) {
        this.infill = infill;
    }

    public Round ask(Input in) {
        InfillOptions.Builder options = InfillOptions.newBuilder().addAllFamilies(in.options().getFamiliesList())
                .setMaxReadings(in.maxReadings());
        if (in.options().hasInfillModel()) {
            options.setModel(in.options().getInfillModel());
        }
        if (in.options().hasInfillStructural()) {
            options.setStructural(in.options().getInfillStructural());
        }
        InfillRequest.Builder request = InfillRequest.newBuilder().setQuestion(in.question()).setSchema(in.schema())
                .setOptions(options).setCallId(in.callId()).setLastRound(in.lastRound());
        Map<String, String> sqlById = new HashMap<>();
        for (ReadingGroup g : in.representatives()) {
            Route r = g.representative();
            String id = "r" + (sqlById.size() + 1);
            sqlById.put(id, r.sql());
            request.addReadings(Reading.newBuilder().setId(id).setText(g.text()).setSql(r.sql())
                    .setSource(r.source()).setFingerprint(g.fingerprint()));
            if (r.hasSql() && in.analyses().containsKey(r.sql())) {
                request.putReadingAnalyses(id, in.analyses().get(r.sql()));
            }
        }
        InfillResponse response;
        try {
            response = infill.infill(request.build(), in.timeoutMs());
        } catch (DownstreamFailure f) {
            return new Round(List.of(), false, Map.of(), List.of(Setback.failed(Stage.STAGE_INFILL, f, 0, Setback.Wording.INFILL_CALL)), true);
        }
        Map<String, SqlAnalysis> analyses = new HashMap<>();
        response.getReadingAnalysesMap().forEach((id, analysis) -> {
            if (sqlById.containsKey(id)) {
                analyses.put(sqlById.get(id), analysis);
            }
        });
        response.getReadingsList().stream().filter(r -> r.hasAnalysis() && !r.getSql().isBlank())
                .forEach(r -> analyses.put(r.getSql(), r.getAnalysis()));
        List<Route> offered = response.getReadingsList().stream().map(InfillStage::route).toList();
        return new Round(offered, response.getAllCovered(), analyses, setbacks(response), false);
    }

    /**
     * What infill-svc said went wrong, typed. An infill-svc that gives only {@code degraded_reasons} (one older than
     * typed degradations) has each reason typed here as a failure of the infill stage, so the answer says it too.
     */
    private static List<Setback> setbacks(InfillResponse response) {
        if (!response.getDegraded()) {
            return List.of();
        }
        List<Degradation> said = response.getDegradationsCount() > 0 ? response.getDegradationsList()
                : response.getDegradedReasonsList().stream().map(reason -> Degradations.of(Stage.STAGE_INFILL,
                DegradationCause.DEGRADATION_CAUSE_FAILED, "infill-svc", reason)).toList();
        List<Setback> out = new ArrayList<>();
        said.forEach(d -> out.add(new Setback(d, Setback.Wording.INFILL_SERVICE)));
        return out;
    }

    private static Route route(InfilledReading r) {
        Source source = switch (r.getStrategy()) {
            case INFILL_STRATEGY_MODEL -> Source.SOURCE_INFILL_MODEL;
            default -> Source.SOURCE_INFILL_STRUCTURAL;
        };
        return new Route(r.getText(), r.getSql(), source, r.getFamily());
    }
}
