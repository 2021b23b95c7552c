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
import dev.overtone.proto.v1.ParserService;
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
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;

/**
 * parser-svc for the interpreter tests. It answers with what the real parser-svc answered to the same
 * request: the recordings in runtime's test-jar ({@code contracts/parser-svc}), which parser-svc's
 * {@code RecordedAnswersTest} checks against the service (runtime/README.md, "Recorded answers"). A request
 * with no recording fails the call with INTERNAL naming how to record it. Hand-written, each said where:
 * Parse (the real one needs an LLM), the failures a test injects, scripted repairs, and the call counters.
 */
@GrpcService
public class FakeParser implements ParserService {
    private static final RecordedExchanges RECORDED = RecordedExchanges.load("parser-svc", ParserServiceGrpc.getServiceDescriptor());

    @Override
    public Uni<ParseResponse> parse(ParseRequest request) {
        if (Scenario.parserFailure != null) {
            return Uni.createFrom().failure(Scenario.parserFailure.asRuntimeException());
        }
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

    @Override
    public Uni<AnalyzeResponse> analyze(AnalyzeRequest request) {
        Scenario.analyzeCalls.incrementAndGet(); // hand-written: counted for the tests
        if (Scenario.parserFailure != null) { // hand-written: a failure the test injects
            return Uni.createFrom().failure(Scenario.parserFailure.asRuntimeException());
        }
        return recorded("Analyze", request);
    }

    @Override
    public Uni<AnalyzeBatchResponse> analyzeBatch(AnalyzeBatchRequest request) {
        Scenario.analyzeBatchCalls.incrementAndGet(); // hand-written: counted for the tests
        Scenario.lastAnalyzeBatchSqls.clear();
        Scenario.lastAnalyzeBatchSqls.addAll(request.getSqlsList());
        if (Scenario.parserFailure != null) { // hand-written: a failure the test injects
            return Uni.createFrom().failure(Scenario.parserFailure.asRuntimeException());
        }
        return recorded("AnalyzeBatch", request);
    }

    @Override
    public Uni<VariantsBatchResponse> variantsBatch(VariantsBatchRequest request) {
        return recorded("VariantsBatch", request);
    }

    @Override
    public Uni<VariantsResponse> variants(VariantsRequest request) {
        return recorded("Variants", request);
    }

    @Override
    public Uni<RepairResponse> repair(RepairRequest request) {
        Scenario.repairCalls.incrementAndGet(); // hand-written: counted for the tests
        if (Scenario.repairs.isEmpty()) {
            return recorded("Repair", request);
        }
        // Hand-written: repairs a test scripts to drive the interpreter's paths (repaired readings, a repaired
        // SQL the engine refuses again). The real parser-svc leaves the fake executor's one refusal ("no such
        // column: rating") unrepaired (repair.rating.json), so there is no real repair of it to record.
        RepairResponse.Builder out = RepairResponse.newBuilder();
        for (String sql : Scenario.repairs) {
            out.addRepairs(RepairedSql.newBuilder().setSql(sql).setRepair(SqlRepair.newBuilder().setKind(RepairKind.REPAIR_KIND_CLOSEST_COLUMN)
                    .setOriginalSql(request.getSql()).setEngineMessage(request.getErrorMessage()).setReplaced("rating").setReplacement("hotels.stars")));
        }
        return Uni.createFrom().item(out.build());
    }

    @Override
    public Uni<VerbalizeResponse> verbalize(VerbalizeRequest request) {
        if (Scenario.parserFailure != null) { // hand-written: a failure the test injects
            return Uni.createFrom().failure(Scenario.parserFailure.asRuntimeException());
        }
        return recorded("Verbalize", request);
    }

    @Override
    public Uni<NormalizeResponse> normalize(NormalizeRequest request) {
        return recorded("Normalize", request);
    }

    /** The real parser-svc's recorded answer to this request, or INTERNAL when none was recorded. */
    private static <T extends Message> Uni<T> recorded(String rpc, Message request) {
        return RECORDED.<T>answer(rpc, request).map(answer -> Uni.createFrom().item(answer)).orElseGet(() -> {
            StatusRuntimeException unrecorded = RECORDED.unrecorded(rpc, request, "interpreter-svc");
            Scenario.unrecordedParserCalls.add(unrecorded.getStatus().getDescription());
            return Uni.createFrom().failure(unrecorded);
        });
    }
}
