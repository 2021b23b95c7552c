package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.AnalyzeBatchResponse;
import dev.overtone.proto.v1.AnalyzeRequest;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.NormalizeRequest;
import dev.overtone.proto.v1.NormalizeResponse;
import dev.overtone.proto.v1.ParseRequest;
import dev.overtone.proto.v1.ParseResponse;
import dev.overtone.proto.v1.ParserService;
import dev.overtone.proto.v1.RepairRequest;
import dev.overtone.proto.v1.RepairResponse;
import dev.overtone.proto.v1.VariantsBatchRequest;
import dev.overtone.proto.v1.VariantsBatchResponse;
import dev.overtone.proto.v1.VariantsRequest;
import dev.overtone.proto.v1.VariantsResponse;
import dev.overtone.proto.v1.VerbalizeRequest;
import dev.overtone.proto.v1.VerbalizeResponse;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;

/** parser-svc as the test app serves it: each call goes to the running test's {@link FakeParser}. */
@GrpcService
public class ParserEndpoint implements ParserService {
    @Override
    public Uni<ParseResponse> parse(ParseRequest request) {
        return Fakes.installed().parser().parse(request);
    }

    @Override
    public Uni<AnalyzeResponse> analyze(AnalyzeRequest request) {
        return Fakes.installed().parser().analyze(request);
    }

    @Override
    public Uni<AnalyzeBatchResponse> analyzeBatch(AnalyzeBatchRequest request) {
        return Fakes.installed().parser().analyzeBatch(request);
    }

    @Override
    public Uni<VariantsResponse> variants(VariantsRequest request) {
        return Fakes.installed().parser().variants(request);
    }

    @Override
    public Uni<VariantsBatchResponse> variantsBatch(VariantsBatchRequest request) {
        return Fakes.installed().parser().variantsBatch(request);
    }

    @Override
    public Uni<VerbalizeResponse> verbalize(VerbalizeRequest request) {
        return Fakes.installed().parser().verbalize(request);
    }

    @Override
    public Uni<NormalizeResponse> normalize(NormalizeRequest request) {
        return Fakes.installed().parser().normalize(request);
    }

    @Override
    public Uni<RepairResponse> repair(RepairRequest request) {
        return Fakes.installed().parser().repair(request);
    }
}
