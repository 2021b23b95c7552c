package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.proto.v1.ParseRequest;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Stage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/** The parse stage: each reading without SQL through parser-svc's Parse, side by side. */
public record ParseStage(ParserCalls parser, Lanes lanes) {

    /** The readings to parse; {@code timeoutMs} gives each call's deadline as it starts. */
    public record Input(List<Route> routes, Schema schema, String question, LongSupplier timeoutMs) {
    }

    /** The routes that parsed, now with SQL; those that did not; the setbacks of the calls that failed for the infrastructure's sake. */
    public record Parsed(List<Route> routes, List<FailedRoute> failures, List<Setback> setbacks, int asked) {
        String detail() {
            return routes.size() + " of " + asked + " parsed";
        }
    }

    public Parsed parse(Input in) {
        List<Called<String>> parsed = lanes.map(Stage.STAGE_PARSE, in.routes(), r -> parser.parse(ParseRequest.newBuilder()
                .setInterpretation(r.text()).setSchema(in.schema()).setQuestion(in.question()).build(), in.timeoutMs().getAsLong()));
        List<Route> ok = new ArrayList<>();
        List<FailedRoute> failures = new ArrayList<>();
        List<DownstreamFailure> infrastructure = new ArrayList<>();
        for (int i = 0; i < parsed.size(); i++) {
            Called<String> sql = parsed.get(i);
            if (sql.ok()) {
                ok.add(in.routes().get(i).withSql(sql.value()));
            } else {
                failures.add(new FailedRoute(in.routes().get(i), Stage.STAGE_PARSE, sql.failure()));
                if (!sql.failure().aboutTheReading()) {
                    infrastructure.add(sql.failure());
                }
            }
        }
        return new Parsed(ok, failures, degradedCalls(Stage.STAGE_PARSE, infrastructure), in.routes().size());
    }

    /**
     * A stage's calls that failed for the infrastructure's sake (not the reading's), one setback per service and cause,
     * each counting its calls, in the order first seen (one bound's refusals are not counted as another service's
     * outage); the readings say it, no warning.
     */
    static List<Setback> degradedCalls(Stage stage, List<DownstreamFailure> failed) {
        Map<String, List<DownstreamFailure>> byServiceAndCause = new LinkedHashMap<>();
        failed.forEach(f -> byServiceAndCause.computeIfAbsent(f.service() + " " + Degradations.cause(f.code()), key -> new ArrayList<>()).add(f));
        return byServiceAndCause.values().stream()
                .map(same -> Setback.failed(stage, same.get(0), same.size(), Setback.Wording.UNSAID)).toList();
    }
}
