package dev.overtone.bench.coverage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.overtone.bench.scoring.ExampleScore;

/** One example's lines of predictions.jsonl (what was predicted) and examples.jsonl (how it scored, and why). */
final class ExampleRecords {

    private ExampleRecords() {
    }

    /** {@code {"id", "sqls", "probabilities", "shown", "error"}}, the last three where there are any. */
    static Map<String, Object> prediction(CoverageRun.Outcome o) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("id", o.example().id());
        List<String> sqls = o.overtone() == null ? o.baseline().predictedSql() : o.overtone().predictedSql();
        p.put("sqls", sqls);
        if (o.answer() != null) {
            p.put("probabilities", o.answer().probabilitiesOf(sqls));
            p.put("shown", o.answer().shown());
        }
        if (o.failure() != null) {
            p.put("error", o.failure());
        }
        return p;
    }

    /** The example's label, both systems' scores, the answer's verdict and readings, failed readings and stage times. */
    static Map<String, Object> example(CoverageRun.Outcome o) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("id", o.example().id());
        e.put("ambig_type", o.example().type());
        e.put("is_ambiguous", o.example().ambiguous());
        e.put("database", o.db().name());
        e.put("baseline", score(o.baseline()));
        e.put("overtone", o.overtone() == null ? null : score(o.overtone()));
        e.put("warnings", o.warnings());
        if (o.answer() != null && o.overtone() != null) {
            e.put("outcome", o.answer().outcome());
            e.put("ambiguity_probability", o.answer().ambiguityProbability());
            e.put("shown", o.answer().shown());
            e.put("readings", readings(o.answer(), o.overtone()));
        }
        e.put("failed_readings", o.failedReadings());
        e.put("stage_micros", o.stageMicros());
        return e;
    }

    /** Each reading in ranked order with its probability, evidence and the golds it matches (for calibration). */
    private static List<Map<String, Object>> readings(CoverageRun.RankedAnswer answer, ExampleScore score) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (int i = 0; i < answer.sqls().size(); i++) {
            String sql = answer.sqls().get(i);
            int scored = score.predictedSql().indexOf(sql);
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("sql", sql);
            r.put("probability", answer.probabilities().get(i));
            r.put("evidence", answer.evidence().get(i));
            r.put("parts", answer.parts().get(i));
            r.put("matched_golds", scored < 0 || scored >= score.predGolds().size() ? List.of() : score.predGolds().get(scored));
            out.add(r);
        }
        return out;
    }

    private static Map<String, Object> score(ExampleScore s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("all_found", s.fullCoverage());
        m.put("one_found", s.singleCoverage());
        m.put("recall", s.recall());
        m.put("precision", s.precision());
        m.put("n_pred_sql", s.nPredSql());
        m.put("n_pred_errors", s.predErrors());
        m.put("n_unique_results", s.uniqueResults());
        m.put("gold_matched", s.goldMatched());
        m.put("pred_matched", s.predMatched());
        m.put("pred_golds", s.predGolds());
        m.put("n_gold", s.nGold());
        if (s.goldProblem() != null) {
            m.put("gold_problem", s.goldProblem());
        }
        return m;
    }
}
