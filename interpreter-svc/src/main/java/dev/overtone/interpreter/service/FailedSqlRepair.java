package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.interpreter.client.Downstreams;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.RepairRequest;
import dev.overtone.proto.v1.RepairResponse;
import dev.overtone.proto.v1.RepairedSql;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.SqlRepair;
import io.grpc.Status;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A SQL the database refused is itself evidence: its error can say what the SQL could mean (an
 * ambiguous column is a statement of ambiguity). parser-svc's Repair turns it into repaired SQLs;
 * each becomes a route of the same source, and the repair is reported on the reading it gives.
 */
@ApplicationScoped
public class FailedSqlRepair {

    /** A repaired route and what was changed to reach it. */
    public record Repaired(Route route, SqlRepair repair) {
    }

    /** What asking parser-svc gave: repaired routes, or why there are none. */
    public record Outcome(List<Repaired> repaired, String unrepairedReason) {
    }

    @Inject
    Downstreams downstreams;

    /** Only a refusal of the SQL itself (INVALID_ARGUMENT from the executor) can be mended by rewriting the SQL. */
    public boolean repairable(DownstreamFailure failure) {
        return failure.code() == Status.Code.INVALID_ARGUMENT;
    }

    /** Asks parser-svc to repair the route's SQL; a failure of that call is returned, not thrown. */
    public Called<Outcome> repair(Route failed, DownstreamFailure refusal, Schema schema, String question, long timeoutMs) {
        RepairRequest request = RepairRequest.newBuilder().setSql(failed.sql()).setErrorMessage(String.valueOf(refusal.getMessage()))
                .setSchema(schema).setQuestion(question == null ? "" : question).build();
        try {
            RepairResponse response = downstreams.parser().call("Repair", timeoutMs, () -> downstreams.parserStub(timeoutMs).repair(request));
            List<Repaired> out = new ArrayList<>();
            for (RepairedSql r : response.getRepairsList()) out.add(new Repaired(failed.withSql(r.getSql()), r.getRepair()));
            return Called.answered(new Outcome(out, response.getUnrepairedReason()));
        } catch (DownstreamFailure f) {
            return Called.failed(f);
        }
    }

    /** Sets the repair on every interpretation whose SQL came from one (keyed as {@link Route#sqlKey()}). */
    public InterpretResponse annotate(InterpretResponse answer, Map<String, SqlRepair> repairsBySqlKey) {
        if (repairsBySqlKey.isEmpty()) return answer;
        InterpretResponse.Builder out = answer.toBuilder();
        for (Interpretation.Builder i : out.getInterpretationsBuilderList()) {
            SqlRepair repair = repairsBySqlKey.get(new Route("", i.getSql(), i.getSource(), "").sqlKey());
            if (repair != null) i.setRepair(repair);
        }
        return out.build();
    }
}
