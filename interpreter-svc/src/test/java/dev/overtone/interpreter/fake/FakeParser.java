package dev.overtone.interpreter.fake;

import com.google.protobuf.Message;
import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.AnalyzeBatchResponse;
import dev.overtone.proto.v1.AnalyzeRequest;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.NormalizeRequest;
import dev.overtone.proto.v1.NormalizeResponse;
import dev.overtone.proto.v1.ParseRequest;
import dev.overtone.proto.v1.ParseResponse;
import dev.overtone.proto.v1.ParserServiceGrpc;
import dev.overtone.proto.v1.RepairKind;
import dev.overtone.proto.v1.RepairRequest;
import dev.overtone.proto.v1.RepairResponse;
import dev.overtone.proto.v1.RepairedSql;
import dev.overtone.proto.v1.SqlRepair;
import dev.overtone.proto.v1.VariantsBatchRequest;
import dev.overtone.proto.v1.VariantsBatchResponse;
import dev.overtone.proto.v1.VariantsRequest;
import dev.overtone.proto.v1.VariantsResponse;
import dev.overtone.proto.v1.VerbalizeRequest;
import dev.overtone.proto.v1.VerbalizeResponse;
import dev.overtone.runtime.testing.RecordedExchanges;
import dev.overtone.runtime.testing.ReplayedAnswers;
import io.grpc.Status;
import io.smallrye.mutiny.Uni;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * parser-svc for one interpreter test. It answers with what the real parser-svc answered to the same
 * request: the recordings in runtime's test-jar ({@code contracts/parser-svc}), which parser-svc's
 * {@code RecordedAnswersTest} checks against the service (runtime/README.md, "Recorded answers"). A request
 * with no recording fails the call with INTERNAL naming how to record it. Hand-written, each said where:
 * Parse (the real one needs an LLM), the outage a test injects (it guards Parse, Analyze, AnalyzeBatch and Verbalize),
 * the repairs a test scripts, and the requests kept.
 */
public final class FakeParser extends FakeDownstream<FakeParser> {
    private static final RecordedExchanges RECORDED = RecordedExchanges.load("parser-svc", ParserServiceGrpc.getServiceDescriptor());

    private final ReplayedAnswers replay = new ReplayedAnswers(RECORDED, "interpreter-svc");
    private volatile List<String> repairs = List.of();
    private final List<AnalyzeBatchRequest> analyzeBatches = new CopyOnWriteArrayList<>();
    private final List<AnalyzeRequest> analyses = new CopyOnWriteArrayList<>();
    private final List<RepairRequest> repairRequests = new CopyOnWriteArrayList<>();

    /**
     * Repair answers with these SQLs, each a closest-column repair of the refused "rating". Hand-written: the
     * real parser-svc leaves the fake executor's refusal unrepaired (repair.rating.json), so there is no real
     * repair of it to record; these drive the interpreter's paths (repaired readings, a repair refused again).
     */
    public FakeParser repairWith(String... sqls) {
        this.repairs = List.of(sqls);
        return this;
    }

    public List<AnalyzeBatchRequest> analyzeBatches() {
        return analyzeBatches;
    }

    public List<AnalyzeRequest> analyses() {
        return analyses;
    }

    public List<RepairRequest> repairs() {
        return repairRequests;
    }

    ReplayedAnswers replay() {
        return replay;
    }

    Uni<ParseResponse> parse(ParseRequest request) {
        return outage.or(() -> written(request));
    }

    private static Uni<ParseResponse> written(ParseRequest request) {
        // Hand-written: parser-svc's Parse asks an LLM, and with none configured it only refuses; there is no
        // real answer to record. The SQLs are the hotel statements the other recordings are made of.
        String text = request.getInterpretation().toLowerCase();
        String sql = text.contains("review") || text.contains("score") ? Hotels.SCORE
                : text.contains("star") ? Hotels.STARS : null;
        if (sql == null) {
            return Uni.createFrom().failure(Status.FAILED_PRECONDITION
                    .withDescription("no valid SQL after 3 attempts: no such column").asRuntimeException());
        }
        return Uni.createFrom().item(ParseResponse.newBuilder().setSql(sql).setAttempts(1).build());
    }

    Uni<AnalyzeResponse> analyze(AnalyzeRequest request) {
        analyses.add(request);
        return failedOrRecorded("Analyze", request);
    }

    Uni<AnalyzeBatchResponse> analyzeBatch(AnalyzeBatchRequest request) {
        analyzeBatches.add(request);
        return failedOrRecorded("AnalyzeBatch", request);
    }

    Uni<VariantsBatchResponse> variantsBatch(VariantsBatchRequest request) {
        return replay.answer("VariantsBatch", request);
    }

    Uni<VariantsResponse> variants(VariantsRequest request) {
        return replay.answer("Variants", request);
    }

    Uni<RepairResponse> repair(RepairRequest request) {
        repairRequests.add(request);
        if (repairs.isEmpty()) {
            return replay.answer("Repair", request);
        }
        RepairResponse.Builder out = RepairResponse.newBuilder();
        for (String sql : repairs) {
            out.addRepairs(RepairedSql.newBuilder().setSql(sql).setRepair(SqlRepair.newBuilder().setKind(RepairKind.REPAIR_KIND_CLOSEST_COLUMN)
                    .setOriginalSql(request.getSql()).setEngineMessage(request.getErrorMessage()).setReplaced("rating").setReplacement("hotels.stars")));
        }
        return Uni.createFrom().item(out.build());
    }

    Uni<VerbalizeResponse> verbalize(VerbalizeRequest request) {
        return failedOrRecorded("Verbalize", request);
    }

    Uni<NormalizeResponse> normalize(NormalizeRequest request) {
        return replay.answer("Normalize", request);
    }

    private <T extends Message> Uni<T> failedOrRecorded(String rpc, Message request) {
        return outage.or(() -> replay.answer(rpc, request));
    }
}
