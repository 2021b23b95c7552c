package dev.overtone.clarify.support;

import dev.overtone.proto.v1.AnalyzeRequest;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.NormalizeRequest;
import dev.overtone.proto.v1.NormalizeResponse;
import dev.overtone.proto.v1.ParseRequest;
import dev.overtone.proto.v1.ParseResponse;
import dev.overtone.proto.v1.ParserService;
import dev.overtone.proto.v1.VariantsRequest;
import dev.overtone.proto.v1.VariantsResponse;
import dev.overtone.proto.v1.VerbalizeRequest;
import dev.overtone.proto.v1.VerbalizeResponse;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;
import java.util.concurrent.atomic.AtomicInteger;

/** parser-svc for the @QuarkusTests, served by the test app itself (the `parser` client points here). */
@GrpcService
public class FakeParserGrpcService implements ParserService {
    public static final AtomicInteger ANALYZE_CALLS = new AtomicInteger();

    @Override
    public Uni<AnalyzeResponse> analyze(AnalyzeRequest request) {
        ANALYZE_CALLS.incrementAndGet();
        return Uni.createFrom().item(() -> FakeSqlAnalysis.analyze(request.getSql()));
    }

    @Override
    public Uni<ParseResponse> parse(ParseRequest request) {
        return unimplemented();
    }

    @Override
    public Uni<VariantsResponse> variants(VariantsRequest request) {
        return unimplemented();
    }

    @Override
    public Uni<VerbalizeResponse> verbalize(VerbalizeRequest request) {
        return unimplemented();
    }

    @Override
    public Uni<NormalizeResponse> normalize(NormalizeRequest request) {
        return unimplemented();
    }

    private static <T> Uni<T> unimplemented() {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("not in the fake").asRuntimeException());
    }
}
