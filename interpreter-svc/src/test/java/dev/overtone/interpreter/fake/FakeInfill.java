package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfillService;
import dev.overtone.proto.v1.InfillStrategy;
import dev.overtone.proto.v1.InfilledReading;
import dev.overtone.proto.v1.Reading;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;

/**
 * infill-svc for the interpreter tests: offers the review-score reading structurally when it is missing, and
 * hands on the analyses a test put in {@link Scenario#infillAnalyses}.
 */
@GrpcService
public class FakeInfill implements InfillService {
    @Override
    public Uni<InfillResponse> infill(InfillRequest request) {
        Scenario.infillCalls.incrementAndGet();
        Scenario.infillCallIds.add(request.getCallId());
        Scenario.infillLastRounds.add(request.getLastRound());
        Scenario.lastInfillRequestAnalysed.clear();
        request.getReadingsList().stream().filter(r -> request.containsReadingAnalyses(r.getId()))
                .forEach(r -> Scenario.lastInfillRequestAnalysed.add(r.getSql()));
        if (Scenario.infillFailure != null) {
            return Uni.createFrom().failure(Scenario.infillFailure.asRuntimeException());
        }
        InfillResponse.Builder out = InfillResponse.newBuilder().setAllCovered(Scenario.infillCovered);
        boolean hasScore = request.getReadingsList().stream().map(Reading::getSql).anyMatch(s -> s.contains("score"));
        if (!hasScore && !Scenario.infillCovered) {
            InfilledReading.Builder score = InfilledReading.newBuilder().setSql(Hotels.SCORE).setText("the average guest review score of each hotel")
                    .setStrategy(InfillStrategy.INFILL_STRATEGY_STRUCTURAL).setFamily("column").setDerivedFrom("r1");
            if (Scenario.infillAnalyses.containsKey(Hotels.SCORE)) {
                score.setAnalysis(Scenario.infillAnalyses.get(Hotels.SCORE));
            }
            out.addReadings(score);
        }
        for (Reading given : request.getReadingsList()) {
            if (Scenario.infillAnalyses.containsKey(given.getSql())) {
                out.putReadingAnalyses(given.getId(), Scenario.infillAnalyses.get(given.getSql()));
            }
        }
        if (Scenario.infillDegraded) {
            out.setDegraded(true).addDegradedReasons("model: timed out; structural readings only");
        }
        if (Scenario.infillDelayMs > 0) {
            io.grpc.Context.current().addListener(context -> Scenario.infillsCancelled.incrementAndGet(), Runnable::run);
            Scenario.infillsStarted.incrementAndGet();
            return Uni.createFrom().item(out.build()).onItem().delayIt().by(java.time.Duration.ofMillis(Scenario.infillDelayMs));
        }
        return Uni.createFrom().item(out.build());
    }
}
