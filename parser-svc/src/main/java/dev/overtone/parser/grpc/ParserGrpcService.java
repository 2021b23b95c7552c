package dev.overtone.parser.grpc;

import dev.overtone.parser.analysis.DialectRewriter;
import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.SqlAnalyzer;
import dev.overtone.parser.mapping.AnalysisMapping;
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
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

import java.util.function.Supplier;

/** The gRPC face of parser-svc: maps messages in, calls the analysis, maps results and failures out. */
@GrpcService
public class ParserGrpcService implements ParserService {

    private final SqlAnalyzer analyzer = new SqlAnalyzer();

    @Override
    public Uni<ParseResponse> parse(ParseRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("parse is not built yet").asRuntimeException());
    }

    @Override
    @Blocking
    public Uni<AnalyzeResponse> analyze(AnalyzeRequest request) {
        return call(() -> AnalysisMapping.toProto(analyzer.analyze(request.getSql(), SchemaIndex.of(request.getSchema()))));
    }

    @Override
    public Uni<VariantsResponse> variants(VariantsRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("variants is not built yet").asRuntimeException());
    }

    @Override
    public Uni<VerbalizeResponse> verbalize(VerbalizeRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("verbalize is not built yet").asRuntimeException());
    }

    @Override
    @Blocking
    public Uni<NormalizeResponse> normalize(NormalizeRequest request) {
        return call(() -> {
            DialectRewriter.Rewritten r = DialectRewriter.normalize(request.getSql(), request.getTargetDialect(), SchemaIndex.EMPTY);
            return NormalizeResponse.newBuilder().setSql(r.sql()).addAllRewrites(r.rewrites()).build();
        });
    }

    private static <T> Uni<T> call(Supplier<T> work) {
        return Uni.createFrom().item(work).onFailure().transform(GrpcFailures::toStatus);
    }
}
