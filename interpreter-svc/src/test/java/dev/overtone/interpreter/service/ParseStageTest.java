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
import java.util.Optional;

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
        assertThat(parsed.setback()).hasValueSatisfying(s -> {
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
        assertThat(parsed.setback()).isEmpty();
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
    void degradedCallsCountEveryInfrastructureFailureUnderTheFirstOnesCause() {
        DownstreamFailure slow = new DownstreamFailure("parser-svc", Status.Code.DEADLINE_EXCEEDED, "parser-svc too slow");
        Optional<Setback> setback = ParseStage.degradedCalls(Stage.STAGE_EXECUTE, List.of(PARSER_DOWN, slow));
        assertThat(setback).hasValueSatisfying(s -> {
            assertThat(s.degradation().getStage()).isEqualTo(Stage.STAGE_EXECUTE);
            assertThat(s.degradation().getAffectedCalls()).isEqualTo(2);
            assertThat(s.degradation().getMessage()).isEqualTo("parser-svc is unavailable");
            assertThat(s.onWire()).isTrue();
        });
        assertThat(ParseStage.degradedCalls(Stage.STAGE_PARSE, List.of())).isEmpty();
    }

    private static Route text(String text) {
        return new Route(text, "", Source.SOURCE_DEFAULT, "");
    }
}
