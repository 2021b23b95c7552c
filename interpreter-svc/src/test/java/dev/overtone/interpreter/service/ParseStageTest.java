package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.proto.v1.ParseRequest;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Stage;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.overtone.interpreter.service.StubDownstreams.ONE_BY_ONE;
import static dev.overtone.interpreter.service.StubDownstreams.PARSER_DOWN;
import static org.assertj.core.api.Assertions.assertThat;

/** The parse stage on a plain-Java parser-svc. */
class ParseStageTest {

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
        assertThat(parsed.setbacks()).singleElement().satisfies(s -> {
            assertThat(s.degradation().getAffectedCalls()).isEqualTo(1);
            assertThat(s.warning()).isNull();
        });
        assertThat(parsed.detail()).isEqualTo("1 of 3 parsed");
    }

    @Test
    void readingsThatFailOnlyForTheirOwnSakeAreNoSetback() {
        ParserCalls parser = new StubDownstreams() {
            @Override
            public Called<String> parse(ParseRequest request, long timeoutMs) {
                return Called.failed(new DownstreamFailure("parser-svc", Status.Code.INVALID_ARGUMENT, "not SQL"));
            }
        };
        ParseStage.Parsed parsed = new ParseStage(parser, ONE_BY_ONE).parse(new ParseStage.Input(
                List.of(text("x"), text("y")), Schema.getDefaultInstance(), "q", () -> 100));
        assertThat(parsed.failures()).hasSize(2);
        assertThat(parsed.setbacks()).isEmpty();
    }

    @Test
    void eachCallCarriesTheQuestionSchemaAndTheDeadlineLeftAsItStarts() {
        List<ParseRequest> asked = new ArrayList<>();
        List<Long> deadlines = new ArrayList<>();
        ParserCalls parser = new StubDownstreams() {
            @Override
            public Called<String> parse(ParseRequest request, long timeoutMs) {
                asked.add(request);
                deadlines.add(timeoutMs);
                return Called.answered("SELECT 1");
            }
        };
        long[] left = {300};
        Schema schema = Schema.newBuilder().setDialect("sqlite").build();
        new ParseStage(parser, ONE_BY_ONE).parse(new ParseStage.Input(List.of(text("a"), text("b")), schema, "which hotels?",
                () -> left[0] -= 100));
        assertThat(asked).extracting(ParseRequest::getInterpretation).containsExactly("a", "b");
        assertThat(asked).allSatisfy(r -> {
            assertThat(r.getQuestion()).isEqualTo("which hotels?");
            assertThat(r.getSchema()).isEqualTo(schema);
        });
        assertThat(deadlines).containsExactly(200L, 100L);
    }

    @Test
    void degradedCallsAreCountedPerServiceAndCause() {
        DownstreamFailure slow = new DownstreamFailure("parser-svc", Status.Code.DEADLINE_EXCEEDED, "parser-svc too slow");
        DownstreamFailure full = new DownstreamFailure("executor-svc", Status.Code.RESOURCE_EXHAUSTED, "executor-svc holds as much");
        DownstreamFailure ownBound = new DownstreamFailure("interpreter-svc", Status.Code.RESOURCE_EXHAUSTED, "interpreter-svc holds as much");

        List<Setback> setbacks = ParseStage.degradedCalls(Stage.STAGE_EXECUTE, List.of(PARSER_DOWN, full, slow, ownBound, full, PARSER_DOWN));

        assertThat(setbacks).extracting(s -> s.degradation().getService() + " " + s.degradation().getCause() + " "
                + s.degradation().getAffectedCalls() + ": " + s.degradation().getMessage()).containsExactly(
                "parser-svc DEGRADATION_CAUSE_UNAVAILABLE 2: parser-svc is unavailable",
                "executor-svc DEGRADATION_CAUSE_FAILED 2: executor-svc holds as much",
                "parser-svc DEGRADATION_CAUSE_DEADLINE_EXCEEDED 1: parser-svc too slow",
                "interpreter-svc DEGRADATION_CAUSE_FAILED 1: interpreter-svc holds as much");
        assertThat(setbacks).allSatisfy(s -> {
            assertThat(s.degradation().getStage()).isEqualTo(Stage.STAGE_EXECUTE);
            assertThat(s.onWire()).isTrue();
        });
        assertThat(ParseStage.degradedCalls(Stage.STAGE_PARSE, List.of())).isEmpty();
    }

    private static Route text(String text) {
        return new Route(text, "", Source.SOURCE_DEFAULT, "");
    }
}
