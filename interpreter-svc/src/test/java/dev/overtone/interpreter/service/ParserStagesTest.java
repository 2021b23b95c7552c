package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.AnalyzeBatchResponse;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.AnalyzeResult;
import dev.overtone.proto.v1.ParseRequest;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import dev.overtone.proto.v1.VerbalizeRequest;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** The stages that ask parser-svc (parse, analyze, verbalize) and clarify-svc (clarify), each on a plain-Java service. */
class ParserStagesTest {
    private static final Lanes ONE_BY_ONE = new Lanes() {
        @Override
        public <T, R> List<R> map(Stage stage, List<T> items, Function<T, R> work) {
            return items.stream().map(work).toList();
        }
    };
    private static final DownstreamFailure PARSER_DOWN = new DownstreamFailure("parser-svc", Status.Code.UNAVAILABLE, "parser-svc is unavailable");

    /** parse: "a" parses, "bad" is the reading's own failure, "down" fails for the infrastructure's sake. */
    @Test
    void parseGivesSqlToWhatParsesAndFailsTheRestSayingOnlyTheInfrastructure() {
        ParserCalls parser = new StubDownstreams() {
            @Override
            public Called<String> parse(ParseRequest request, long timeoutMs) {
                return switch (request.getInterpretation()) {
                    case "a" -> Called.answered("SELECT a FROM t");
                    case "bad" -> Called.failed(new DownstreamFailure("parser-svc", Status.Code.INVALID_ARGUMENT, "not SQL"));
                    default -> Called.failed(PARSER_DOWN);
                };
            }
        };
        ParseStage.Parsed parsed = new ParseStage(parser, ONE_BY_ONE).parse(new ParseStage.Input(
                List.of(text("a"), text("bad"), text("down")), Schema.getDefaultInstance(), "q", () -> 100));
        assertThat(parsed.routes()).singleElement().satisfies(r -> assertThat(r.sql()).isEqualTo("SELECT a FROM t"));
        assertThat(parsed.failures()).extracting(f -> f.route().text()).containsExactly("bad", "down");
        assertThat(parsed.failures()).allSatisfy(f -> assertThat(f.stage()).isEqualTo(Stage.STAGE_PARSE));
        assertThat(parsed.setback()).hasValueSatisfying(s -> {
            assertThat(s.degradation().getAffectedCalls()).isEqualTo(1);
            assertThat(s.warning()).isNull();
        });
        assertThat(parsed.detail()).isEqualTo("1 of 3 parsed");
    }

    @Test
    void analyzeGivesEachSqlItsAnalysisInOrderOrSaysTheCallFailed() {
        ParserCalls parser = new StubDownstreams() {
            @Override
            public Called<AnalyzeBatchResponse> analyzeBatch(AnalyzeBatchRequest request, long timeoutMs) {
                return Called.answered(AnalyzeBatchResponse.newBuilder()
                        .addResults(AnalyzeResult.newBuilder().setAnalysis(AnalyzeResponse.newBuilder().setCanonicalSql("SELECT 1")))
                        .addResults(AnalyzeResult.getDefaultInstance()).build());
            }
        };
        AnalyzeStage.Analyzed analyzed = new AnalyzeStage(parser).analyze(new AnalyzeStage.Input(List.of("select 1", "nonsense"),
                Schema.getDefaultInstance(), 100, 3));
        assertThat(analyzed.analyses().get(0).getCanonicalSql()).isEqualTo("SELECT 1");
        assertThat(analyzed.analyses().get(1)).isNull();
        assertThat(analyzed.detail()).isEqualTo("1 analyzed, 3 carried by infill");

        AnalyzeStage.Analyzed failed = new AnalyzeStage(new StubDownstreams() {
            @Override
            public Called<AnalyzeBatchResponse> analyzeBatch(AnalyzeBatchRequest request, long timeoutMs) {
                return Called.failed(PARSER_DOWN);
            }
        }).analyze(new AnalyzeStage.Input(List.of("select 1"), Schema.getDefaultInstance(), 100, 0));
        assertThat(failed.analyses()).containsExactly((dev.overtone.proto.v1.SqlAnalysis) null);
        assertThat(failed.setback()).hasValueSatisfying(s ->
                assertThat(s.warning()).isEqualTo("analyze: parser-svc is unavailable; the ambiguity summary has no slots"));
        assertThat(failed.detail()).isEqualTo("0 analyzed");
    }

    @Test
    void verbalizeLetsTheSqlStandInWhereNoWordsCame() {
        VerbalizeStage.Verbalized words = new VerbalizeStage(new StubDownstreams() {
            @Override
            public Called<String> verbalize(VerbalizeRequest request, long timeoutMs) {
                return request.getSql().equals("SELECT 1") ? Called.answered("one") : Called.answered(" ");
            }
        }, ONE_BY_ONE).verbalize(new VerbalizeStage.Input(List.of("SELECT 1", "SELECT 2"), Schema.getDefaultInstance(), () -> 100));
        assertThat(words.texts()).containsExactly("one", "SELECT 2");
        assertThat(words.setbacks()).isEmpty();
        assertThat(words.detail()).isEqualTo("1 verbalized");

        VerbalizeStage.Verbalized down = new VerbalizeStage(new StubDownstreams() {
            @Override
            public Called<String> verbalize(VerbalizeRequest request, long timeoutMs) {
                return Called.failed(PARSER_DOWN);
            }
        }, ONE_BY_ONE).verbalize(new VerbalizeStage.Input(List.of("SELECT 1"), Schema.getDefaultInstance(), () -> 100));
        assertThat(down.texts()).containsExactly("SELECT 1");
        assertThat(down.setbacks()).singleElement().satisfies(s ->
                assertThat(s.warning()).isEqualTo("verbalize: parser-svc is unavailable; the SQL stands in for the text"));
    }

    @Test
    void clarifyGivesTheFirstTurnOrSaysItCouldNotStart() {
        ClarifyStage.Started started = new ClarifyStage((request, timeout) -> Turn.newBuilder().setSessionId("s1").build())
                .start(StartRequest.getDefaultInstance(), 100);
        assertThat(started.turn()).hasValueSatisfying(t -> assertThat(t.getSessionId()).isEqualTo("s1"));
        assertThat(started.detail()).isEqualTo("session s1");
        ClarifyStage.Started down = new ClarifyStage(new StubDownstreams()).start(StartRequest.getDefaultInstance(), 100);
        assertThat(down.turn()).isEmpty();
        assertThat(down.setback()).hasValueSatisfying(s -> {
            assertThat(s.warning()).isEqualTo("clarify: clarify-svc is unavailable; no clarification started");
            assertThat(s.degradation().getStage()).isEqualTo(Stage.STAGE_CLARIFY);
        });
    }

    private static Route text(String text) {
        return new Route(text, "", Source.SOURCE_DEFAULT, "");
    }
}
