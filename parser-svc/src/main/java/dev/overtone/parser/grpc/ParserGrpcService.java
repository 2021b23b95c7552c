package dev.overtone.parser.grpc;

import dev.overtone.parser.dialect.DialectRewriter;
import dev.overtone.parser.analysis.CallWork;
import dev.overtone.parser.analysis.ParsedQueries;
import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.SqlAnalyzer;
import dev.overtone.parser.analysis.SqlSyntaxException;
import dev.overtone.parser.config.ParserConfig;
import dev.overtone.parser.verbalize.Verbalizer;
import dev.overtone.parser.mapping.AnalysisMapping;
import dev.overtone.parser.service.ParseService;
import dev.overtone.parser.service.RepairService;
import dev.overtone.proto.v1.RepairRequest;
import dev.overtone.proto.v1.RepairResponse;
import dev.overtone.parser.service.VariantsService;
import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.AnalyzeBatchResponse;
import dev.overtone.proto.v1.AnalyzeRequest;
import dev.overtone.proto.v1.AnalyzeResult;
import dev.overtone.proto.v1.VariantsBatchRequest;
import dev.overtone.proto.v1.VariantsBatchResponse;
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
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.HashSet;
import java.util.function.Supplier;

/** The gRPC face of parser-svc: maps messages in, calls the analysis or a service, maps results out; failures become statuses in {@link ParserStatuses}. */
@GrpcService
public class ParserGrpcService implements ParserService {

    private final SqlAnalyzer analyzer = new SqlAnalyzer();
    private final Verbalizer verbalizer = new Verbalizer();
    @Inject
    ParserConfig config;
    @Inject
    ParseService parseService;
    @Inject
    VariantsService variantsService;
    @Inject
    RepairService repairService;

    @Override
    @Blocking
    public Uni<RepairResponse> repair(RepairRequest request) {
        return modelCall(() -> repairService.repair(request.getSql(), request.getErrorMessage(), request.getSchema(), request.getQuestion(),
                request.getMaxRepairs()));
    }

    @Override
    @Blocking
    public Uni<ParseResponse> parse(ParseRequest request) {
        return modelCall(() -> {
            ParseService.ParseResult r = parseService.parse(request.getInterpretation(), request.getSchema(), request.getQuestion());
            return ParseResponse.newBuilder().setSql(r.sql()).setAttempts(r.attempts()).addAllRepairedErrors(r.repairedErrors()).build();
        });
    }

    @Override
    @Blocking
    public Uni<AnalyzeResponse> analyze(AnalyzeRequest request) {
        return call(() -> AnalysisMapping.toProto(analyzer.analyze(request.getSql(), SchemaIndex.of(request.getSchema()))));
    }

    @Override
    @Blocking
    public Uni<VariantsResponse> variants(VariantsRequest request) {
        return call(() -> {
            VariantsResponse.Builder b = VariantsResponse.newBuilder();
            variantsService.variants(request.getSql(), request.getSchema(), request.getQuestion(), request.getMaxVariants(),
                    new HashSet<>(request.getFamiliesList())).forEach(v -> b.addVariants(AnalysisMapping.toProto(v)));
            return b.build();
        });
    }

    @Override
    @Blocking
    public Uni<AnalyzeBatchResponse> analyzeBatch(AnalyzeBatchRequest request) {
        return call(() -> {
            requireSqls(request.getSqlsCount(), "AnalyzeBatch");
            ParsedQueries parsed = new ParsedQueries(SchemaIndex.of(request.getSchema()));
            AnalyzeBatchResponse.Builder b = AnalyzeBatchResponse.newBuilder();
            for (String sql : request.getSqlsList()) {
                try {
                    b.addResults(AnalyzeResult.newBuilder().setAnalysis(AnalysisMapping.toProto(parsed.analyze(sql))));
                } catch (SqlSyntaxException e) {
                    b.addResults(AnalyzeResult.newBuilder().setError(e.getMessage()));
                }
            }
            return b.build();
        });
    }

    @Override
    @Blocking
    public Uni<VariantsBatchResponse> variantsBatch(VariantsBatchRequest request) {
        return call(() -> {
            requireSqls(request.getSqlsCount(), "VariantsBatch");
            VariantsBatchResponse.Builder b = VariantsBatchResponse.newBuilder();
            variantsService.variants(request.getSqlsList(), request.getPartnersList(), request.getSchema(), request.getQuestion(),
                    request.getMaxVariants(), new HashSet<>(request.getFamiliesList())).forEach(source -> b.addResults(AnalysisMapping.toProto(source)));
            return b.build();
        });
    }

    private static void requireSqls(int count, String rpc) {
        if (count == 0) throw new IllegalArgumentException(rpc + " needs at least one SQL in `sqls`");
    }

    @Override
    @Blocking
    public Uni<VerbalizeResponse> verbalize(VerbalizeRequest request) {
        return call(() -> VerbalizeResponse.newBuilder()
                .setText(verbalizer.verbalize(request.getSql(), SchemaIndex.of(request.getSchema()))).build());
    }

    @Override
    @Blocking
    public Uni<NormalizeResponse> normalize(NormalizeRequest request) {
        return call(() -> {
            DialectRewriter.Rewritten r = DialectRewriter.normalize(request.getSql(), request.getTargetDialect(), SchemaIndex.of(request.getSchema()));
            return NormalizeResponse.newBuilder().setSql(r.sql()).addAllRewrites(r.rewrites()).build();
        });
    }

    /** A model-free call's work, stopped at its next parse or comparison of names once out of time ({@link CallWork}). */
    private <T> Uni<T> call(Supplier<T> work) {
        Duration workTime = config.limits().workTime();
        return Uni.createFrom().item(() -> CallWork.within(workTime, work));
    }

    /**
     * The work of a call that may wait on the model (Parse, Repair), up to the model's own timeout and retries: not held
     * to the work time, which would cut off a slow model's answer, but stopped at its next parse or comparison of names
     * when its caller cancels it or its deadline passes.
     */
    private static <T> Uni<T> modelCall(Supplier<T> work) {
        return Uni.createFrom().item(work);
    }
}
