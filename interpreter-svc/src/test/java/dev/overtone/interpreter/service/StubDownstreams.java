package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.AnalyzeBatchResponse;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.AnalyzeResult;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteFailure;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecuteResult;
import dev.overtone.proto.v1.StatementResult;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.ParseRequest;
import dev.overtone.proto.v1.RecallRequest;
import dev.overtone.proto.v1.RecallResponse;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Row;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.StatusCode;
import dev.overtone.proto.v1.Turn;
import dev.overtone.proto.v1.VerbalizeRequest;
import io.grpc.Status;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Consumer;
import java.util.Map;
import java.util.function.Function;

/**
 * The pipeline's downstream services as plain Java: a database that answers the SQL texts a test gives it (any other
 * is refused, as an engine refuses an unknown column), an infill-svc that answers each round from a script or fails,
 * and a parser-svc whose analysis of a SQL is the SQL itself as canonical form.
 */
class StubDownstreams implements StageCalls {
    /** Lanes that run a stage's calls one after another, on the caller's thread. */
    static final Lanes ONE_BY_ONE = new Lanes() {
        @Override
        public <T, R> List<R> map(Stage stage, List<T> items, Function<T, R> work) {
            return items.stream().map(work).toList();
        }
    };
    static final DownstreamFailure PARSER_DOWN = new DownstreamFailure("parser-svc", Status.Code.UNAVAILABLE, "parser-svc is unavailable");

    /** Result rows (one name each) of every SQL text the database answers, by exact text. */
    final Map<String, List<String>> database = new LinkedHashMap<>();
    /** Every statement executed, in order. */
    final List<String> executed = new ArrayList<>();
    /** infill-svc's answers, one per round; none left means every reading is covered. */
    final Deque<InfillResponse> infillRounds = new ArrayDeque<>();
    final List<InfillRequest> infillRequests = new ArrayList<>();
    DownstreamFailure infillFailure;

    /** Runs the statements in request order and gives their results last first, as a stream in finishing order may. */
    @Override
    public void executeBatch(ExecuteBatchRequest request, long callTimeoutMs, Consumer<StatementResult> results) {
        List<StatementResult> answers = new ArrayList<>();
        for (int i = 0; i < request.getSqlsCount(); i++) {
            String sql = request.getSqls(i);
            executed.add(sql);
            answers.add(0, StatementResult.newBuilder().setStatement(i).setResult(result(sql)).build());
        }
        answers.forEach(results);
    }

    private ExecuteResult result(String sql) {
        List<String> rows = database.get(sql);
        if (rows == null) {
            return ExecuteResult.newBuilder().setFailure(ExecuteFailure.newBuilder()
                    .setCode(StatusCode.STATUS_CODE_INVALID_ARGUMENT).setMessage("no such column in: " + sql)).build();
        }
        ExecuteResponse.Builder result = ExecuteResponse.newBuilder().addColumns(ResultColumn.newBuilder().setName("name"))
                .setFingerprint("rows:" + rows);
        rows.forEach(name -> result.addRows(Row.newBuilder().addCells(Cell.newBuilder().setText(name))));
        return ExecuteResult.newBuilder().setResult(result).build();
    }

    @Override
    public DownstreamFailure failure(String rpc, long timeoutMs, Status status) {
        return new DownstreamFailure("executor-svc", status.getCode(), status.getDescription());
    }

    @Override
    public InfillResponse infill(InfillRequest request, long timeoutMs) {
        infillRequests.add(request);
        if (infillFailure != null) {
            throw infillFailure;
        }
        return infillRounds.isEmpty() ? InfillResponse.newBuilder().setAllCovered(true).build() : infillRounds.poll();
    }

    @Override
    public Called<String> parse(ParseRequest request, long timeoutMs) {
        return Called.failed(new DownstreamFailure("parser-svc", Status.Code.FAILED_PRECONDITION, "no LLM configured"));
    }

    @Override
    public Called<AnalyzeBatchResponse> analyzeBatch(AnalyzeBatchRequest request, long timeoutMs) {
        AnalyzeBatchResponse.Builder out = AnalyzeBatchResponse.newBuilder();
        request.getSqlsList().forEach(sql -> out.addResults(AnalyzeResult.newBuilder()
                .setAnalysis(AnalyzeResponse.newBuilder().setCanonicalSql(sql))));
        return Called.answered(out.build());
    }

    @Override
    public Called<String> verbalize(VerbalizeRequest request, long timeoutMs) {
        return Called.answered("in words: " + request.getSql());
    }

    /** Nothing remembered: every candidate is consistent. */
    @Override
    public RecallResponse recall(RecallRequest request, long timeoutMs) {
        return RecallResponse.newBuilder().addAllConsistentCandidateIds(request.getCandidatesList().stream().map(c -> c.getId()).toList()).build();
    }

    /** Nothing remembered anywhere. */
    @Override
    public List<Boolean> remembers(List<MemoryProbes.Scope> scopes, long timeoutMs) {
        return scopes.stream().map(s -> false).toList();
    }

    @Override
    public Turn start(StartRequest request, long timeoutMs) {
        throw new DownstreamFailure("clarify-svc", Status.Code.UNAVAILABLE, "clarify-svc is unavailable");
    }
}
