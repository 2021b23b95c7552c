package dev.overtone.infill.grpc;

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
import dev.overtone.proto.v1.RepairRequest;
import dev.overtone.proto.v1.RepairResponse;
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

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * parser-svc for the infill tests. What infill-svc asks it (VariantsBatch, AnalyzeBatch) is answered with
 * what the real parser-svc answered to the same request: the recordings in runtime's test-jar
 * ({@code contracts/parser-svc}), which parser-svc's {@code RecordedAnswersTest} checks against the service
 * (runtime/README.md, "Recorded answers"). A request with no recording fails with INTERNAL and is listed in
 * {@link #UNRECORDED}. Hand-written, each said where: parser-svc being down, the call counter, the VariantsBatch requests kept, and the RPCs
 * infill-svc never calls.
 */
@GrpcService
public class FakeParser implements ParserService {
    public static final String STARS = "SELECT name, stars FROM hotels";
    /** parser-svc's one variant of {@link #STARS} for the rating question over the demo schema, as it answers it (recorded). */
    public static final String SCORE_VARIANT = "SELECT hotels.name, AVG(reviews.score) FROM hotels JOIN reviews ON reviews.hotel_id = hotels.id "
            + "GROUP BY hotels.id, hotels.name";
    /** Hand-written: parser-svc down, as a test injects it. */
    public static volatile boolean down;
    /** Calls received, of any RPC: infill-svc should make one per Infill. */
    public static final AtomicInteger CALLS = new AtomicInteger();
    /** Hand-written: the VariantsBatch requests received, for a test to see what infill-svc sent. */
    public static final List<VariantsBatchRequest> VARIANTS_BATCHES = new CopyOnWriteArrayList<>();
    /** Calls with no recorded answer (each failed with INTERNAL): a test's @AfterEach wants none. */
    public static final List<String> UNRECORDED = new CopyOnWriteArrayList<>();

    private static final RecordedExchanges RECORDED = RecordedExchanges.load("parser-svc", ParserServiceGrpc.getServiceDescriptor());

    /** For a test's @AfterEach: every parser-svc call was answered from a recording; clears the list. */
    public static void assertEveryCallRecorded() {
        List<String> unrecorded = List.copyOf(UNRECORDED);
        UNRECORDED.clear();
        if (!unrecorded.isEmpty()) {
            throw new AssertionError(String.join("\n", unrecorded));
        }
    }

    @Override
    public Uni<VariantsBatchResponse> variantsBatch(VariantsBatchRequest request) {
        VARIANTS_BATCHES.add(request);
        return answer("VariantsBatch", request);
    }

    @Override
    public Uni<AnalyzeBatchResponse> analyzeBatch(AnalyzeBatchRequest request) {
        return answer("AnalyzeBatch", request);
    }

    @Override
    public Uni<VariantsResponse> variants(VariantsRequest request) {
        return answer("Variants", request);
    }

    @Override
    public Uni<AnalyzeResponse> analyze(AnalyzeRequest request) {
        return answer("Analyze", request);
    }

    private static <T extends Message> Uni<T> answer(String rpc, Message request) {
        CALLS.incrementAndGet(); // hand-written: counted for the tests
        if (down) { // hand-written: a failure the test injects
            return Uni.createFrom().failure(Status.UNAVAILABLE.withDescription("connection refused").asRuntimeException());
        }
        return RECORDED.<T>answer(rpc, request).map(a -> Uni.createFrom().item(a)).orElseGet(() -> {
            StatusRuntimeException unrecorded = RECORDED.unrecorded(rpc, request, "infill-svc");
            UNRECORDED.add(unrecorded.getStatus().getDescription());
            return Uni.createFrom().failure(unrecorded);
        });
    }

    // Hand-written: infill-svc never calls the RPCs below; a call is a defect the test should see.

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

    @Override
    public Uni<RepairResponse> repair(RepairRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("infill-svc does not call Repair").asRuntimeException());
    }
}
