package dev.overtone.parser.grpc;

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

@GrpcService
public class ParserGrpcService implements ParserService {
    @Override
    public Uni<ParseResponse> parse(ParseRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("parse is not built yet").asRuntimeException());
    }

    @Override
    public Uni<AnalyzeResponse> analyze(AnalyzeRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("analyze is not built yet").asRuntimeException());
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
    public Uni<NormalizeResponse> normalize(NormalizeRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("normalize is not built yet").asRuntimeException());
    }
}
