package dev.overtone.interpreter.service;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;
import dev.overtone.runtime.embedding.MiniLm;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Fits {@code overtone.interpreter.unanswerable.min-similarity}, not a test (surefire runs only *Test; run it by hand
 * with {@code -Dtest=UnanswerableFit -Dfit.data=target/question-schemas.jsonl}, the file made by
 * {@code tools/question_schemas.py}). Every dev question is answerable on its own database; asked of another
 * domain's database (same fold) it stands for a question the schema has nothing for. A question's score is the
 * closeness of its best-grounded content term (1 when spelling grounds one; else the term's closeness in meaning
 * to the schema's names, SchemaMeaning). The rule: unanswerable below the threshold; the threshold is the lowest
 * score of an answerable question in the training folds less {@code -Dfit.margin} (0), so no answerable training
 * question is called unanswerable. (Scoring each question by its worst term instead, the first rule tried, fails:
 * answerable questions name values the samples do not show, "Wyman", and misspell, "benifit"; held out it called
 * 3 of 946 unanswerable and caught 4.5 % of the other-domain questions.) Folds hold out whole databases (AmbiQT: every perturbed
 * copy of one Spider database together). Prints the held-out figures, then the all-data ones.
 */
class UnanswerableFit {
    private static final int FOLDS = 5;

    record Question(String set, String id, String family, String domain, String question, Schema schema) {
    }

    @Test
    void fit() throws IOException {
        Path data = Path.of(System.getProperty("fit.data", "target/question-schemas.jsonl"));
        double margin = Double.parseDouble(System.getProperty("fit.margin", "0"));
        List<Question> questions = new ArrayList<>();
        for (String line : Files.readAllLines(data)) {
            JsonObject o = JsonParser.parseString(line).getAsJsonObject();
            String db = o.get("db").getAsString();
            boolean ambiqt = !db.startsWith("data/");
            String family = ambiqt ? db.replaceAll("^dbs/", "").replaceAll("__.*$", "") : db;
            String domain = ambiqt ? family : db.split("/")[2];
            questions.add(new Question(o.get("set").getAsString(), o.get("id").getAsString(), family, domain,
                    o.get("question").getAsString(), schema(o)));
        }
        SchemaMeaning meaning = new SchemaMeaning(MiniLm::load, 200_000);
        int[] fold = new int[questions.size()];
        Map<Integer, List<Integer>> byFold = new TreeMap<>();
        for (int i = 0; i < questions.size(); i++) {
            fold[i] = Math.floorMod(questions.get(i).family().hashCode(), FOLDS);
            byFold.computeIfAbsent(fold[i], k -> new ArrayList<>()).add(i);
        }
        double[] positive = new double[questions.size()];
        double[] negative = new double[questions.size()];
        String[] positiveTerm = new String[questions.size()];
        int oldRule = 0, contentOnly = 0;
        for (int i = 0; i < questions.size(); i++) {
            Question q = questions.get(i);
            List<QuestionTerms.Term> terms = QuestionTerms.of(q.question(), q.schema());
            if (!QuestionTerms.ungrounded(terms).isEmpty()) {
                oldRule++;
            }
            String[] term = new String[1];
            positive[i] = score(terms, q.schema(), meaning, term);
            positiveTerm[i] = term[0];
            if (QuestionTerms.ungrounded(terms).stream().anyMatch(t -> !ContentWords.of(t).isEmpty())) {
                contentOnly++;
            }
            Question other = otherDomain(questions, byFold.get(fold[i]), i);
            negative[i] = other == null ? Double.NaN : score(QuestionTerms.of(q.question(), other.schema()), other.schema(), meaning, new String[1]);
            if (i % 100 == 0) {
                System.out.println("scored " + i + " of " + questions.size());
            }
        }
        StringBuilder report = new StringBuilder();
        report.append(String.format(Locale.ROOT, "margin below the lowest answerable training score: %.3f%n", margin));
        report.append(String.format(Locale.ROOT, "questions %d (answerable, each on its own database), databases by family %d, folds %d%n",
                questions.size(), questions.stream().map(Question::family).distinct().count(), FOLDS));
        report.append(String.format(Locale.ROOT, "old rule (any term spelling does not ground -> unanswerable): %d of %d answerable questions%n", oldRule, questions.size()));
        report.append(String.format(Locale.ROOT, "content words only (no meaning check): %d%n", contentOnly));
        int heldFp = 0, heldTp = 0, heldNeg = 0;
        for (int k = 0; k < FOLDS; k++) {
            double threshold = Double.POSITIVE_INFINITY;
            for (int i = 0; i < questions.size(); i++) {
                if (fold[i] != k) {
                    threshold = Math.min(threshold, positive[i]);
                }
            }
            threshold -= margin;
            int fp = 0, tp = 0, neg = 0, pos = 0;
            for (int i : byFold.get(k)) {
                pos++;
                if (positive[i] < threshold) {
                    fp++;
                    report.append(String.format(Locale.ROOT, "  fold %d false unanswerable: %s '%s' (%.3f)%n", k, questions.get(i).id(), positiveTerm[i], positive[i]));
                }
                if (!Double.isNaN(negative[i])) {
                    neg++;
                    tp += negative[i] < threshold ? 1 : 0;
                }
            }
            heldFp += fp;
            heldTp += tp;
            heldNeg += neg;
            report.append(String.format(Locale.ROOT, "fold %d: threshold %.4f; held out: answerable called unanswerable %d of %d, other-domain questions caught %d of %d%n",
                    k, threshold, fp, pos, tp, neg));
        }
        report.append(String.format(Locale.ROOT, "HELD-OUT FOLDS: answerable called unanswerable %d of %d; other-domain questions caught %d of %d (%.1f %%)%n",
                heldFp, questions.size(), heldTp, heldNeg, 100.0 * heldTp / heldNeg));
        double all = Double.POSITIVE_INFINITY;
        for (double p : positive) {
            all = Math.min(all, p);
        }
        all -= margin;
        int allTp = 0, allNeg = 0;
        for (double n : negative) {
            if (!Double.isNaN(n)) {
                allNeg++;
                allTp += n < all ? 1 : 0;
            }
        }
        report.append(String.format(Locale.ROOT, "ALL DATA: threshold %.4f; answerable called unanswerable 0 of %d (by construction, as the margin is >= 0); other-domain questions caught %d of %d (%.1f %%)%n",
                all, questions.size(), allTp, allNeg, 100.0 * allTp / allNeg));
        report.append("lowest answerable scores:\n");
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < questions.size(); i++) {
            if (positiveTerm[i] != null) {
                order.add(i);
            }
        }
        order.sort(Comparator.comparingDouble(i -> positive[i]));
        for (int i : order.subList(0, Math.min(20, order.size()))) {
            report.append(String.format(Locale.ROOT, "  %.4f '%s' %s%n", positive[i], positiveTerm[i], questions.get(i).id()));
        }
        System.out.println(report);
        Files.writeString(Path.of("target/unanswerable-fit.txt"), report.toString());
    }

    /**
     * As AbsentTerms decides: the closeness of the question's best-grounded content term (1 for a term spelling grounds): a question
     * scores low only when the schema has nothing for any term of it; +inf when it has no content term.
     */
    static double score(List<QuestionTerms.Term> terms, Schema schema, SchemaMeaning meaning, String[] best) {
        double max = Double.NEGATIVE_INFINITY;
        for (QuestionTerms.Term term : terms) {
            List<String> content = ContentWords.of(term.text());
            if (content.isEmpty()) {
                continue;
            }
            double s = term.grounding() == QuestionTerms.Grounding.NONE ? meaning.closest(String.join(" ", content), schema) : 1.0;
            if (s > max) {
                max = s;
                best[0] = String.join(" ", content);
            }
        }
        return max == Double.NEGATIVE_INFINITY ? Double.POSITIVE_INFINITY : max;
    }

    /** A database of another domain in the same fold (the next one in file order), or null. */
    private static Question otherDomain(List<Question> all, List<Integer> fold, int i) {
        int at = fold.indexOf(i);
        for (int step = 1; step < fold.size(); step++) {
            Question other = all.get(fold.get((at + step * 7) % fold.size()));
            if (!other.domain().equals(all.get(i).domain())) {
                return other;
            }
        }
        return null;
    }

    private static Schema schema(JsonObject o) {
        Schema.Builder s = Schema.newBuilder().setDialect("sqlite");
        for (JsonElement t : o.getAsJsonArray("schema")) {
            Table.Builder table = Table.newBuilder().setName(t.getAsJsonObject().get("name").getAsString());
            for (JsonElement c : t.getAsJsonObject().getAsJsonArray("columns")) {
                JsonObject col = c.getAsJsonObject();
                Column.Builder column = Column.newBuilder().setName(col.get("name").getAsString())
                        .setPrimaryKey(col.get("pk").getAsBoolean())
                        .setValueType(switch (col.get("type").getAsString()) {
                            case "integer" -> ValueType.VALUE_TYPE_INTEGER;
                            case "real" -> ValueType.VALUE_TYPE_REAL;
                            default -> ValueType.VALUE_TYPE_TEXT;
                        });
                col.getAsJsonArray("samples").forEach(v -> column.addSampleValues(v.getAsString()));
                table.addColumns(column);
            }
            s.addTables(table);
        }
        return s.build();
    }

}
