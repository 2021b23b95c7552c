package dev.overtone.interpreter.ranking;

import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.AnalyzeBatchResponse;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.ParserServiceGrpc;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.runtime.testing.RecordedExchanges;

import java.util.HashMap;
import java.util.Map;

/**
 * parser-svc's analyses of the ranking tests' SQL, recorded from the real service
 * ({@code contracts/parser-svc/analyze-batch.ranking.json} in runtime's test-jar, which parser-svc's
 * RecordedAnswersTest checks against the service): the slots the ranking reads are the analyzer's own.
 */
final class RecordedAnalyses {
    private static final String RECORDING = "analyze-batch.ranking.json";
    private static final Map<String, SqlAnalysis> BY_SQL = load();

    private RecordedAnalyses() {
    }

    /** The analysis of one of the recorded SQL texts, as interpreter-svc keeps it on a reading. */
    static SqlAnalysis of(String sql) {
        SqlAnalysis a = BY_SQL.get(sql);
        if (a == null) {
            throw new IllegalArgumentException("no recorded analysis of " + sql + "; add it to " + RECORDING
                    + " and record it with parser-svc's RecordedAnswersTest");
        }
        return a;
    }

    private static Map<String, SqlAnalysis> load() {
        RecordedExchanges.Exchange e = RecordedExchanges.load("parser-svc", ParserServiceGrpc.getServiceDescriptor())
                .exchanges().stream().filter(x -> x.name().equals(RECORDING)).findFirst()
                .orElseThrow(() -> new IllegalStateException(RECORDING + " is not in runtime's test-jar"));
        AnalyzeBatchRequest request = (AnalyzeBatchRequest) e.request();
        AnalyzeBatchResponse response = (AnalyzeBatchResponse) e.response();
        Map<String, SqlAnalysis> out = new HashMap<>();
        for (int i = 0; i < request.getSqlsCount(); i++) {
            AnalyzeResponse a = response.getResults(i).getAnalysis();
            out.put(request.getSqls(i), SqlAnalysis.newBuilder().addAllSlots(a.getSlotsList())
                    .setCanonicalSql(a.getCanonicalSql()).addAllTables(a.getTablesList()).addAllColumns(a.getColumnsList()).build());
        }
        return out;
    }
}
