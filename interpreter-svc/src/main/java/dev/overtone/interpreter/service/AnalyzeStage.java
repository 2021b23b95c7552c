package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.AnalyzeBatchResponse;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.AnalyzeResult;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Stage;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The analyze stage: one AnalyzeBatch for the representatives nothing analysed yet (parser-svc indexes the schema once). */
public final class AnalyzeStage {

    /** The SQLs to analyse; {@code carried} counts the representatives infill-svc's analyses already cover. */
    public record Input(List<String> sqls, Schema schema, long timeoutMs, int carried) {
    }

    /** One analysis per SQL asked, in order (null where it did not parse or the call failed), and the setback of a failed call. */
    public record Analyzed(List<SqlAnalysis> analyses, int carried, Optional<Setback> setback) {
        String detail() {
            return setback.isPresent() ? "0 analyzed"
                    : analyses.stream().filter(a -> a != null).count() + " analyzed, " + carried + " carried by infill";
        }
    }

    private final ParserCalls parser;

    public AnalyzeStage(ParserCalls parser) {
        this.parser = parser;
    }

    public Analyzed analyze(Input in) {
        List<SqlAnalysis> analyses = new ArrayList<>();
        in.sqls().forEach(s -> analyses.add(null));
        Called<AnalyzeBatchResponse> answer = parser.analyzeBatch(AnalyzeBatchRequest.newBuilder().setSchema(in.schema())
                .addAllSqls(in.sqls()).build(), in.timeoutMs());
        if (!answer.ok()) {
            return new Analyzed(analyses, in.carried(),
                    Optional.of(Setback.failed(Stage.STAGE_ANALYZE, answer.failure(), in.sqls().size(), Setback.Wording.ANALYZE)));
        }
        List<AnalyzeResult> results = answer.value().getResultsList();
        for (int i = 0; i < in.sqls().size() && i < results.size(); i++) {
            if (results.get(i).hasAnalysis()) {
                AnalyzeResponse a = results.get(i).getAnalysis();
                analyses.set(i, SqlAnalysis.newBuilder().addAllSlots(a.getSlotsList()).setCanonicalSql(a.getCanonicalSql())
                        .addAllTables(a.getTablesList()).addAllColumns(a.getColumnsList()).build());
            }
        }
        return new Analyzed(analyses, in.carried(), Optional.empty());
    }
}
