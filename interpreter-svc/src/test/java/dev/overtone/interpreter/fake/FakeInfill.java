package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfillStrategy;
import dev.overtone.proto.v1.InfilledReading;
import dev.overtone.proto.v1.Reading;
import dev.overtone.proto.v1.SqlAnalysis;
import io.grpc.Status;
import io.smallrye.mutiny.Uni;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * infill-svc for one interpreter test: offers the review-score reading structurally when it is missing, and
 * hands on the analyses a test gave it.
 */
public final class FakeInfill {
    private volatile Status failure;
    private volatile boolean covered;
    private volatile boolean degraded;
    private volatile Map<String, SqlAnalysis> analyses = Map.of();
    private final Slowness slowness = new Slowness();
    private final List<InfillRequest> requests = new CopyOnWriteArrayList<>();

    public FakeInfill failWith(Status status) {
        this.failure = status;
        return this;
    }

    public FakeInfill slow(Duration delay) {
        slowness.set(delay);
        return this;
    }

    public FakeInfill allCovered() {
        this.covered = true;
        return this;
    }

    public FakeInfill degraded() {
        this.degraded = true;
        return this;
    }

    /** The analyses it hands on, by SQL, as the real one does with what parser-svc's VariantsBatch gave it. */
    public FakeInfill carrying(Map<String, SqlAnalysis> bySql) {
        this.analyses = Map.copyOf(bySql);
        return this;
    }

    public Slowness slowness() {
        return slowness;
    }

    /** Every Infill request, in order. */
    public List<InfillRequest> requests() {
        return requests;
    }

    Uni<InfillResponse> infill(InfillRequest request) {
        requests.add(request);
        if (failure != null) {
            return Uni.createFrom().failure(failure.asRuntimeException());
        }
        InfillResponse.Builder out = InfillResponse.newBuilder().setAllCovered(covered);
        boolean hasScore = request.getReadingsList().stream().map(Reading::getSql).anyMatch(s -> s.contains("score"));
        if (!hasScore && !covered) {
            InfilledReading.Builder score = InfilledReading.newBuilder().setSql(Hotels.SCORE).setText("the average guest review score of each hotel")
                    .setStrategy(InfillStrategy.INFILL_STRATEGY_STRUCTURAL).setFamily("column").setDerivedFrom("r1");
            if (analyses.containsKey(Hotels.SCORE)) {
                score.setAnalysis(analyses.get(Hotels.SCORE));
            }
            out.addReadings(score);
        }
        for (Reading given : request.getReadingsList()) {
            if (analyses.containsKey(given.getSql())) {
                out.putReadingAnalyses(given.getId(), analyses.get(given.getSql()));
            }
        }
        if (degraded) {
            out.setDegraded(true).addDegradedReasons("model: timed out; structural readings only");
        }
        return slowness.answer(out.build());
    }
}
