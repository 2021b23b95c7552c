package dev.overtone.infill.grpc;

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
import dev.overtone.proto.v1.RepairRequest;
import dev.overtone.proto.v1.RepairResponse;
import dev.overtone.proto.v1.Variant;
import dev.overtone.proto.v1.VariantsBatchRequest;
import dev.overtone.proto.v1.VariantsBatchResponse;
import dev.overtone.proto.v1.VariantsRequest;
import dev.overtone.proto.v1.VariantsResult;
import dev.overtone.proto.v1.VariantsResponse;
import dev.overtone.proto.v1.VerbalizeRequest;
import dev.overtone.proto.v1.VerbalizeResponse;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/** parser-svc for the infill tests: the stars query has a review-score variant and a mere re-spelling of itself. */
@GrpcService
public class FakeParser implements ParserService {
    public static final String STARS = "SELECT name, stars FROM hotels";
    public static final String SCORE = "SELECT h.name, AVG(r.score) FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.name";
    public static volatile boolean down;
    /** Calls received, of any RPC: infill-svc should make one per Infill. */
    public static final AtomicInteger CALLS = new AtomicInteger();

    static String canonical(String sql) {
        return sql.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    @Override
    public Uni<VariantsBatchResponse> variantsBatch(VariantsBatchRequest request) {
        CALLS.incrementAndGet();
        if (down) {
            return Uni.createFrom().failure(Status.UNAVAILABLE.withDescription("connection refused").asRuntimeException());
        }
        VariantsBatchResponse.Builder out = VariantsBatchResponse.newBuilder();
        for (String sql : request.getSqlsList()) {
            VariantsResult.Builder result = VariantsResult.newBuilder().setCanonicalSql(canonical(sql));
            // As parser-svc does, variants come in canonical form.
            variantsOf(sql).getVariantsList().forEach(v -> result.addVariants(v.toBuilder().setSql(canonical(v.getSql()))));
            out.addResults(result);
        }
        return Uni.createFrom().item(out.build());
    }

    @Override
    public Uni<AnalyzeBatchResponse> analyzeBatch(AnalyzeBatchRequest request) {
        CALLS.incrementAndGet();
        if (down) {
            return Uni.createFrom().failure(Status.UNAVAILABLE.withDescription("connection refused").asRuntimeException());
        }
        AnalyzeBatchResponse.Builder out = AnalyzeBatchResponse.newBuilder();
        request.getSqlsList().forEach(sql -> out.addResults(AnalyzeResult.newBuilder()
                .setAnalysis(AnalyzeResponse.newBuilder().setCanonicalSql(canonical(sql)))));
        return Uni.createFrom().item(out.build());
    }

    @Override
    public Uni<VariantsResponse> variants(VariantsRequest request) {
        CALLS.incrementAndGet();
        if (down) {
            return Uni.createFrom().failure(Status.UNAVAILABLE.withDescription("connection refused").asRuntimeException());
        }
        return Uni.createFrom().item(variantsOf(request.getSql()));
    }

    private static VariantsResponse variantsOf(String sql) {
        if (!canonical(sql).equals(canonical(STARS))) {
            return VariantsResponse.getDefaultInstance();
        }
        return VariantsResponse.newBuilder()
                .addVariants(Variant.newBuilder().setSql("select  NAME, stars from HOTELS").setFamily("column").setScore(0.9)
                        .setDescription("the same query re-spelled"))
                .addVariants(Variant.newBuilder().setSql(SCORE).setFamily("column").setSlotPath("select[1]").setScore(0.8)
                        .setDescription("the average review score of each hotel"))
                .build();
    }

    @Override
    public Uni<AnalyzeResponse> analyze(AnalyzeRequest request) {
        CALLS.incrementAndGet();
        if (down) {
            return Uni.createFrom().failure(Status.UNAVAILABLE.withDescription("connection refused").asRuntimeException());
        }
        return Uni.createFrom().item(AnalyzeResponse.newBuilder().setCanonicalSql(canonical(request.getSql())).build());
    }

    @Override
    public Uni<ParseResponse> parse(ParseRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.asRuntimeException());
    }

    @Override
    public Uni<VerbalizeResponse> verbalize(VerbalizeRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.asRuntimeException());
    }

    @Override
    public Uni<NormalizeResponse> normalize(NormalizeRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.asRuntimeException());
    }

    /** infill-svc never repairs SQL: a call here is a defect the test should see. */
    @Override
    public Uni<RepairResponse> repair(RepairRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("infill-svc does not call Repair").asRuntimeException());
    }
}
