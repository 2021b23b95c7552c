package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfillServiceGrpc;
import dev.overtone.proto.v1.InfilledReading;
import dev.overtone.proto.v1.Reading;
import dev.overtone.runtime.testing.RecordedExchanges;
import dev.overtone.runtime.testing.ReplayedAnswers;
import io.smallrye.mutiny.Uni;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * infill-svc for one interpreter test. It answers with what the real infill-svc answered to the same request:
 * the recordings in runtime's test-jar, {@code contracts/infill-svc} (structural infill over parser-svc, no model
 * configured) or, once a test said {@link #modelDown()}, {@code contracts/infill-svc.model-down} (its model
 * endpoint refusing: structural readings, degraded, with the typed degradation). infill-svc's own
 * {@code RecordedAnswersTest} and {@code RecordedModelDownAnswersTest} check them against the service. A request is
 * looked up without its call_id, which only ties a call's rounds together (infill-svc keeps its parser-svc variants
 * under it until the call's last_round, then forgets them) and is new on every call. What the real service relies on
 * is checked on every round instead ({@link CallRounds}): a round has a call_id, and none follows its call's last round
 * (where infill-svc would only ask parser-svc again, an answer unchanged and a cost no test would see). Hand-written,
 * each said where: the outage and slowness a test injects, an analysis a test takes out of an answer, and the
 * requests kept.
 */
public final class FakeInfill extends SlowFakeDownstream<FakeInfill> {
    private static final RecordedExchanges WHOLE = RecordedExchanges.load("infill-svc", InfillServiceGrpc.getServiceDescriptor());
    private static final RecordedExchanges MODEL_DOWN = RecordedExchanges.load("infill-svc.model-down", InfillServiceGrpc.getServiceDescriptor());

    private final ReplayedAnswers whole = new ReplayedAnswers(WHOLE, "interpreter-svc");
    private final ReplayedAnswers modelDown = new ReplayedAnswers(MODEL_DOWN, "interpreter-svc");
    private volatile boolean degraded;
    private volatile String unanalysed;
    private final List<InfillRequest> requests = new CopyOnWriteArrayList<>();
    private final CallRounds rounds = new CallRounds();

    /** Answers as infill-svc answers with its model endpoint down (recorded). */
    public FakeInfill modelDown() {
        this.degraded = true;
        return this;
    }

    /**
     * Hand-written: the recorded answer without the analysis of this SQL, as infill-svc answers when a reading was
     * beyond its max-sources and parser-svc's AnalyzeBatch failed for it.
     */
    public FakeInfill withoutAnalysisOf(String sql) {
        this.unanalysed = sql;
        return this;
    }

    /** Every Infill request, in order. */
    public List<InfillRequest> requests() {
        return requests;
    }

    void assertEveryCallRecorded() {
        whole.assertEveryCallRecorded();
        modelDown.assertEveryCallRecorded();
        rounds.assertKeptTheContract();
    }

    Uni<InfillResponse> infill(InfillRequest request) {
        requests.add(request);
        rounds.saw(request);
        InfillRequest recordedAs = request.toBuilder().clearCallId().build();
        return outage.or(() -> (degraded ? modelDown : whole).<InfillResponse>answer("Infill", recordedAs)
                .map(answer -> unanalysed == null ? answer : withoutAnalysis(answer, request, unanalysed))
                .flatMap(slowness::answer));
    }

    private static InfillResponse withoutAnalysis(InfillResponse answer, InfillRequest request, String sql) {
        InfillResponse.Builder out = answer.toBuilder();
        request.getReadingsList().stream().filter(r -> r.getSql().equals(sql)).map(Reading::getId).forEach(out::removeReadingAnalyses);
        out.getReadingsBuilderList().stream().filter(r -> r.getSql().equals(sql)).forEach(InfilledReading.Builder::clearAnalysis);
        return out.build();
    }
}
