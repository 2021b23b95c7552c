package dev.overtone.interpreter.service;

import dev.overtone.interpreter.client.DefaultInterpretations;
import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.interpreter.mapping.AnswerAssembler;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfillStrategy;
import dev.overtone.proto.v1.InfilledReading;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Outcome;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StatusCode;
import dev.overtone.proto.v1.StageTiming;
import dev.overtone.proto.v1.Table;
import io.grpc.Status;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The pipeline as a whole, on plain-Java downstream services (StubDownstreams): what it runs, what it keeps, what it says. */
class InterpretationPipelineTest {
    private static final Schema HOTELS = Schema.newBuilder().addTables(Table.newBuilder().setName("hotels")
            .addColumns(Column.newBuilder().setName("name")).addColumns(Column.newBuilder().setName("city").addSampleValues("Lisbon"))).build();
    private static final String QUESTION = "which hotels are in lisbon";

    private final StubDownstreams downstreams = new StubDownstreams();
    private final List<String> added = new ArrayList<>();
    private final PipelineListener listener = new PipelineListener() {
        @Override
        public void interpretationAdded(Interpretation interpretation) {
            added.add(interpretation.getSql());
        }
    };

    /**
     * Issue 35: a variant that differs from a seen SQL only in a literal's case is another statement (on SQLite '='
     * is case-sensitive, so it returns other rows). It is executed and is a reading of its own, not dropped as seen.
     */
    @Test
    void aVariantThatDiffersOnlyInALiteralsCaseIsANewReading() {
        String lower = "SELECT name FROM hotels WHERE city = 'lisbon'";
        String stored = "SELECT name FROM hotels WHERE city = 'Lisbon'";
        downstreams.database.put(lower, List.of());
        downstreams.database.put(stored, List.of("Tivoli"));
        downstreams.infillRounds.add(InfillResponse.newBuilder().addReadings(variant(stored)).build());

        InterpretResponse answer = pipeline().interpret(ask(lower).build(), null, listener);

        assertThat(downstreams.executed).containsExactly(lower, stored);
        assertThat(answer.getInterpretationsList()).extracting(Interpretation::getSql).containsExactlyInAnyOrder(lower, stored);
    }

    /**
     * Once infill-svc has said a reading's canonical form (parser-svc's, in reading_analyses), a variant in that form is
     * the same reading: not executed again, no paraphrase of itself.
     */
    @Test
    void aVariantInTheCanonicalFormOfASeenReadingIsNothingNew() {
        String caller = "select name from hotels where city='Lisbon'";
        String canonical = "SELECT name FROM hotels WHERE city = 'Lisbon'";
        downstreams.database.put(caller, List.of("Tivoli"));
        downstreams.database.put(canonical, List.of("Tivoli"));
        downstreams.infillRounds.add(InfillResponse.newBuilder().putReadingAnalyses("r1", analysis(canonical))
                .addReadings(variant(canonical)).build());

        InterpretResponse answer = pipeline().interpret(ask(caller).build(), null, listener);

        assertThat(downstreams.executed).containsExactly(caller);
        assertThat(answer.getInterpretationsList()).singleElement().satisfies(i -> {
            assertThat(i.getSql()).isEqualTo(caller);
            assertThat(i.getParaphrasesList()).isEmpty();
            assertThat(i.getAnalysis().getCanonicalSql()).isEqualTo(canonical);
        });
    }

    /** The replica's bound on results held (HeldResults), here room for one of the two: one reading fails, and all is given back. */
    @Test
    void aResultPastTheReplicasBoundFailsItsReadingAndTheCallGivesAllBackWhenItEnds() {
        downstreams.database.put("SELECT name FROM hotels", List.of("x".repeat(60)));
        downstreams.database.put("SELECT city FROM hotels", List.of("y".repeat(60)));
        InterpretationPipeline pipeline = pipeline(Map.of("overtone.interpreter.pipeline.held-bytes", "200"));

        InterpretResponse answer = pipeline.interpret(ask("SELECT name FROM hotels").addDefaults(CallerDefault.newBuilder()
                .setSql("SELECT city FROM hotels")).build(), null, listener);

        assertThat(answer.getInterpretationsList()).hasSize(1);
        assertThat(answer.getFailuresList()).singleElement().satisfies(f -> {
            assertThat(f.getCode()).isEqualTo(StatusCode.STATUS_CODE_RESOURCE_EXHAUSTED);
            assertThat(f.getMessage()).contains("(overtone.interpreter.pipeline.held-bytes, 200 bytes)");
        });
        assertThat(pipeline.heldResults.held()).as("the kept result given back when the call ended").isZero();
    }

    @Test
    void theSameStatementFromTwoCallerRoutesRunsOnceAndIsAParaphrase() {
        downstreams.database.put("SELECT name FROM hotels", List.of("Tivoli", "Ritz"));

        InterpretResponse answer = pipeline().interpret(ask("SELECT name FROM hotels").addDefaults(CallerDefault.newBuilder()
                .setSql("select  name\nfrom hotels;")).build(), null, listener);

        assertThat(downstreams.executed).containsExactly("SELECT name FROM hotels");
        assertThat(added).containsExactly("SELECT name FROM hotels");
        assertThat(answer.getInterpretationsList()).singleElement().satisfies(i -> {
            assertThat(i.getParaphrasesList()).singleElement().satisfies(p -> assertThat(p.getSql()).isEqualTo("select  name\nfrom hotels;"));
            assertThat(i.getText()).isEqualTo("in words: SELECT name FROM hotels");
        });
        assertThat(answer.getTimingsList()).extracting(StageTiming::getKind).containsExactly(Stage.STAGE_SCHEMA, Stage.STAGE_EXECUTE,
                Stage.STAGE_INFILL, Stage.STAGE_ANALYZE, Stage.STAGE_VERBALIZE);
        assertThat(answer.getWarningsList()).isEmpty();
        assertThat(answer.getOutcome()).isEqualTo(Outcome.OUTCOME_ANSWERABLE);
    }

    /** The warnings are worded from the setbacks in the order they happened; a stage off by configuration is no degradation. */
    @Test
    void infillDownIsSaidAndLeavesOneReadingIncomplete() {
        downstreams.database.put("SELECT name FROM hotels", List.of("Tivoli"));
        downstreams.infillFailure = new DownstreamFailure("infill-svc", Status.Code.UNAVAILABLE, "infill-svc is unavailable at stub: refused");

        InterpretResponse answer = pipeline().interpret(ask("SELECT name FROM hotels")
                .setOptions(InterpretOptions.newBuilder().setAlsoLlmDefaults(true)).build(), null, listener);

        assertThat(answer.getWarningsList()).containsExactly("defaults: no LLM endpoint configured; only the caller's readings were used",
                "infill: infill-svc is unavailable at stub: refused; readings found so far only");
        assertThat(answer.getDegradationsList()).singleElement().satisfies(d -> {
            assertThat(d.getStage()).isEqualTo(Stage.STAGE_INFILL);
            assertThat(d.getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_UNAVAILABLE);
        });
        assertThat(answer.getOutcome()).isEqualTo(Outcome.OUTCOME_INCOMPLETE);
    }

    @Test
    void aRefusedStatementIsAFailedReadingAndClarifyDownIsSaid() {
        downstreams.database.put("SELECT name FROM hotels", List.of("Tivoli"));
        downstreams.infillRounds.add(InfillResponse.newBuilder().setAllCovered(true).build());

        InterpretResponse answer = pipeline().interpret(ask("SELECT name FROM hotels")
                .addDefaults(CallerDefault.newBuilder().setSql("SELECT nome FROM hotels"))
                .setOptions(InterpretOptions.newBuilder().setStartClarification(true).setInfill(false)).build(), null, listener);

        assertThat(answer.getInterpretationsCount()).isEqualTo(1);
        assertThat(answer.getFailuresList()).singleElement().satisfies(f -> {
            assertThat(f.getSql()).isEqualTo("SELECT nome FROM hotels");
            assertThat(f.getKind()).isEqualTo(Stage.STAGE_EXECUTE);
        });
        assertThat(answer.getWarningsList()).containsExactly("clarify: clarify-svc is unavailable; no clarification started");
        assertThat(answer.getDegradationsList()).extracting(d -> d.getStage()).containsExactly(Stage.STAGE_CLARIFY);
        assertThat(answer.getTimingsList()).extracting(StageTiming::getKind).contains(Stage.STAGE_REPAIR, Stage.STAGE_CLARIFY);
    }

    private InterpretationPipeline pipeline() {
        return pipeline(Map.of());
    }

    private InterpretationPipeline pipeline(Map<String, String> properties) {
        InterpreterConfig config = new SmallRyeConfigBuilder().withMapping(InterpreterConfig.class)
                .withSources(new PropertiesConfigSource(properties, "test", 500))
                .withConverter(Duration.class, 100, new DurationConverter()).build()
                .getConfigMapping(InterpreterConfig.class);
        InterpretationPipeline pipeline = new InterpretationPipeline();
        pipeline.config = config;
        pipeline.schemas = new SchemaCatalog() {
            @Override
            public Schema schema(String tenant, String database, Budget budget) {
                return HOTELS;
            }
        };
        pipeline.parallel = new BoundedParallel();
        pipeline.parallel.config = config;
        pipeline.defaults = new DefaultInterpretations() {
            @Override
            public boolean configured() {
                return false;
            }
        };
        pipeline.repairs = new FailedSqlRepair() {
            @Override
            public Called<Outcome> repair(Route failed, DownstreamFailure refusal, Schema schema, String question, long timeoutMs) {
                return Called.answered(new Outcome(List.of(), "no close name"));
            }
        };
        pipeline.assembler = new AnswerAssembler();
        pipeline.tracer = OpenTelemetry.noop().getTracer("test");
        pipeline.abandoned = new AbandonedWork();
        pipeline.abandoned.registry = new SimpleMeterRegistry();
        pipeline.absentTerms = new AbsentTerms();
        pipeline.calls = downstreams;
        pipeline.heldResults = new HeldResults(config);
        pipeline.stages();
        return pipeline;
    }

    private static InterpretRequest.Builder ask(String sql) {
        return InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels").setQuestion(QUESTION)
                .addDefaults(CallerDefault.newBuilder().setSql(sql));
    }

    private static InfilledReading variant(String sql) {
        return InfilledReading.newBuilder().setSql(sql).setText("").setStrategy(InfillStrategy.INFILL_STRATEGY_STRUCTURAL)
                .setFamily("literal").setAnalysis(analysis(sql)).build();
    }

    private static SqlAnalysis analysis(String canonical) {
        return SqlAnalysis.newBuilder().setCanonicalSql(canonical).build();
    }
}
