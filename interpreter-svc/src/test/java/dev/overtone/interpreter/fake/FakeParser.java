package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.AnalyzeBatchResponse;
import dev.overtone.proto.v1.AnalyzeRequest;
import dev.overtone.proto.v1.AnalyzeResult;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.NormalizeRequest;
import dev.overtone.proto.v1.NormalizeResponse;
import dev.overtone.proto.v1.ParseRequest;
import dev.overtone.proto.v1.ParseResponse;
import dev.overtone.proto.v1.ParserService;
import dev.overtone.proto.v1.RepairKind;
import dev.overtone.proto.v1.RepairRequest;
import dev.overtone.proto.v1.RepairResponse;
import dev.overtone.proto.v1.RepairedSql;
import dev.overtone.proto.v1.SqlRepair;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.SlotKind;
import dev.overtone.proto.v1.VariantsBatchRequest;
import dev.overtone.proto.v1.VariantsBatchResponse;
import dev.overtone.proto.v1.VariantsRequest;
import dev.overtone.proto.v1.VariantsResponse;
import dev.overtone.proto.v1.VerbalizeRequest;
import dev.overtone.proto.v1.VerbalizeResponse;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;

/** parser-svc for the interpreter tests: Parse by keyword, Analyze with one select slot, Verbalize by rule. */
@GrpcService
public class FakeParser implements ParserService {
    @Override
    public Uni<ParseResponse> parse(ParseRequest request) {
        if (Scenario.parserFailure != null) {
            return Uni.createFrom().failure(Scenario.parserFailure.asRuntimeException());
        }
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
        Scenario.analyzeCalls.incrementAndGet();
        if (Scenario.parserFailure != null) {
            return Uni.createFrom().failure(Scenario.parserFailure.asRuntimeException());
        }
        return Uni.createFrom().item(analysis(request.getSql()));
    }

    private static AnalyzeResponse analysis(String sql) {
        boolean score = sql.contains("score");
        AnalyzeResponse.Builder b = AnalyzeResponse.newBuilder().setCanonicalSql(Hotels.key(sql))
                .addSlots(Slot.newBuilder().setPath("select[0]").setKind(SlotKind.SLOT_KIND_SELECT_ITEM).setValue("hotels.name")
                        .setLabel("the hotel's name").addSchemaElements("hotels.name"))
                .addSlots(Slot.newBuilder().setPath("select[1]").setKind(SlotKind.SLOT_KIND_SELECT_ITEM)
                        .setValue(score ? "avg(reviews.score)" : "hotels.stars")
                        .setLabel(score ? "the average review score" : "the star rating")
                        .addSchemaElements(score ? "reviews.score" : "hotels.stars"));
        if (score) {
            // parser-svc numbers FROM items together: from[0] is the first table, join[1] the first JOIN
            b.addSlots(Slot.newBuilder().setPath("join[1]").setKind(SlotKind.SLOT_KIND_JOIN).setValue("reviews")
                    .setLabel("joined with reviews").addSchemaElements("reviews"));
        }
        return b.build();
    }

    @Override
    public Uni<AnalyzeBatchResponse> analyzeBatch(AnalyzeBatchRequest request) {
        Scenario.analyzeBatchCalls.incrementAndGet();
        if (Scenario.parserFailure != null) {
            return Uni.createFrom().failure(Scenario.parserFailure.asRuntimeException());
        }
        AnalyzeBatchResponse.Builder out = AnalyzeBatchResponse.newBuilder();
        for (String sql : request.getSqlsList()) {
            out.addResults(AnalyzeResult.newBuilder().setAnalysis(analysis(sql)));
        }
        return Uni.createFrom().item(out.build());
    }

    @Override
    public Uni<VariantsBatchResponse> variantsBatch(VariantsBatchRequest request) {
        return Uni.createFrom().item(VariantsBatchResponse.getDefaultInstance());
    }

    @Override
    public Uni<VariantsResponse> variants(VariantsRequest request) {
        return Uni.createFrom().item(VariantsResponse.getDefaultInstance());
    }

    @Override
    public Uni<RepairResponse> repair(RepairRequest request) {
        Scenario.repairCalls.incrementAndGet();
        RepairResponse.Builder out = RepairResponse.newBuilder();
        for (String sql : Scenario.repairs) {
            out.addRepairs(RepairedSql.newBuilder().setSql(sql).setRepair(SqlRepair.newBuilder().setKind(RepairKind.REPAIR_KIND_CLOSEST_COLUMN)
                    .setOriginalSql(request.getSql()).setEngineMessage(request.getErrorMessage()).setReplaced("rating").setReplacement("hotels.stars")));
        }
        if (out.getRepairsCount() == 0) {
            out.setUnrepairedReason("nothing close to rating");
        }
        return Uni.createFrom().item(out.build());
    }

    @Override
    public Uni<VerbalizeResponse> verbalize(VerbalizeRequest request) {
        if (Scenario.parserFailure != null) {
            return Uni.createFrom().failure(Scenario.parserFailure.asRuntimeException());
        }
        return Uni.createFrom().item(VerbalizeResponse.newBuilder().setText("Verbalized: " + request.getSql()).build());
    }

    @Override
    public Uni<NormalizeResponse> normalize(NormalizeRequest request) {
        return Uni.createFrom().item(NormalizeResponse.newBuilder().setSql(request.getSql()).build());
    }
}
