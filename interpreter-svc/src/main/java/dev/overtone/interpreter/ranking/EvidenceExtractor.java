package dev.overtone.interpreter.ranking;

import dev.overtone.interpreter.service.QuestionTerms;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Row;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Computes the {@link Feature}s of every reading of one question: agreement among the defaults,
 * execution evidence, lexical grounding of the names and literals the SQL uses in the question's
 * words, and structural size. What the SQL uses is read from parser-svc's analysis ({@link ReadingStructure}),
 * never from its text. Only schema structure and the question's words are read; nothing is keyed to particular
 * names.
 */
public final class EvidenceExtractor {
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern NOT_LETTER = Pattern.compile("[^a-z]");
    /** The words by which a column names the rows it is in. Chosen by meaning, not fitted. */
    private static final List<String> LABEL_WORDS = List.of("name", "title");

    /**
     * What the extractor needs to know about one reading.
     *
     * @param analysis parser-svc's analysis of its SQL, or null when nothing analysed it ({@link ReadingStructure#UNANALYSED})
     */
    public record Candidate(List<Source> routeSources, ExecuteResponse result, SqlAnalysis analysis) {
    }

    private EvidenceExtractor() {
    }

    /** As {@link #extract(String, Schema, List, List, NameFit)} without meaning: every name fits 0. */
    public static List<ReadingEvidence> extract(String question, Schema schema, List<QuestionTerms.Term> terms,
                                                List<Candidate> readings) {
        return extract(question, schema, terms, readings, NameMeaning.NONE);
    }

    /**
     * @param terms   the question's terms, {@code QuestionTerms.of(question, schema)}, which the pipeline already has
     * @param nameFit how well a schema name (lower case) fits the question in meaning ({@link NameMeaning#fit})
     */
    public static List<ReadingEvidence> extract(String question, Schema schema, List<QuestionTerms.Term> terms,
                                                List<Candidate> readings, NameFit nameFit) {
        Set<String> questionStems = questionStems(question);
        String questionLower = question.toLowerCase(Locale.ROOT);
        Set<String> schemaTerms = new LinkedHashSet<>();
        double pivots = QuestionTerms.pivots(terms).size();
        double questionWords = question.strip().isEmpty() ? 0 : WHITESPACE.split(question.strip()).length / 10.0;
        ScopeCues cues = ScopeCues.of(question);
        for (QuestionTerms.Term t : terms) {
            if (t.grounded()) {
                schemaTerms.add(QuestionTerms.stem(t.text()));
            }
        }
        Map<String, List<String>> namesToParts = schemaNames(schema);
        int defaultRoutesTotal = 0;
        for (Candidate c : readings) {
            defaultRoutesTotal += (int) c.routeSources().stream().filter(EvidenceExtractor::isDefault).count();
        }
        List<Map<Feature, Double>> rows = new ArrayList<>();
        List<Set<String>> parts = new ArrayList<>();
        List<Set<String>> usedNames = new ArrayList<>();
        List<Set<String>> projected = new ArrayList<>();
        Set<String> groundedNames = new HashSet<>();
        List<Set<String>> cellValues = new ArrayList<>();
        double bestGrounding = 0;
        double bestShare = 0;
        double bestCoverage = 0;
        double narrowest = Double.MAX_VALUE;
        for (Candidate c : readings) {
            ReadingStructure structure = ReadingStructure.of(c.analysis());
            Map<Feature, Double> f = new EnumMap<>(Feature.class);
            long defaultRoutes = c.routeSources().stream().filter(EvidenceExtractor::isDefault).count();
            f.put(Feature.DEFAULT_SHARE, defaultRoutesTotal == 0 ? 0.0 : (double) defaultRoutes / defaultRoutesTotal);
            f.put(Feature.INFILL_ONLY, defaultRoutes == 0 ? 1.0 : 0.0);
            f.put(Feature.INFILL_MODEL, c.routeSources().contains(Source.SOURCE_INFILL_MODEL) ? 1.0 : 0.0);
            f.put(Feature.ROUTES_LOG, Math.log1p(c.routeSources().size()));
            f.put(Feature.EMPTY_RESULT, c.result().getRowsCount() == 0 ? 1.0 : 0.0);
            f.put(Feature.NULL_RESULT, allNull(c.result()) ? 1.0 : 0.0);
            f.put(Feature.REPEATED_ROWS, repeatedRowShare(c.result()));
            Set<String> used = new LinkedHashSet<>();
            for (String name : structure.names()) {
                if (namesToParts.containsKey(name)) {
                    used.add(name);
                }
            }
            int grounded = 0;
            Set<String> coveredTerms = new HashSet<>();
            for (String name : used) {
                boolean any = false;
                for (String part : namesToParts.get(name)) {
                    if (matches(part, questionStems)) {
                        any = true;
                    }
                    for (String term : schemaTerms) {
                        if (term.equals(part) || term.length() >= 4 && part.length() >= 4
                                && (term.startsWith(part) || part.startsWith(term))) {
                            coveredTerms.add(term);
                        }
                    }
                }
                grounded += any ? 1 : 0;
                if (any) {
                    groundedNames.add(name);
                }
            }
            usedNames.add(used);
            projected.add(structure.projected());
            cellValues.add(cellValues(c.result()));
            int literals = 0;
            int literalsInQuestion = 0;
            for (String q : structure.literals()) {
                if (namesToParts.containsKey(q.toLowerCase(Locale.ROOT)) || q.isBlank()) {
                    continue;
                }
                literals++;
                String lower = q.toLowerCase(Locale.ROOT);
                if (questionLower.contains(lower.replace("%", "").strip())) {
                    literalsInQuestion++;
                }
                for (String part : QuestionTerms.NOT_LETTER_OR_DIGIT.split(lower)) {
                    String stem = QuestionTerms.stem(part);
                    if (schemaTerms.contains(stem)) {
                        coveredTerms.add(stem);
                    }
                }
            }
            double grounding = used.isEmpty() ? 0.0 : (double) grounded / used.size();
            bestGrounding = Math.max(bestGrounding, grounding);
            bestShare = Math.max(bestShare, f.get(Feature.DEFAULT_SHARE));
            f.put(Feature.NAME_GROUNDING, grounding);
            f.put(Feature.TERM_COVERAGE, schemaTerms.isEmpty() ? 1.0 : (double) coveredTerms.size() / schemaTerms.size());
            bestCoverage = Math.max(bestCoverage, f.get(Feature.TERM_COVERAGE));
            f.put(Feature.LITERAL_GROUNDING, literals == 0 ? 1.0 : (double) literalsInQuestion / literals);
            f.put(Feature.NAMES_USED, used.size() / 10.0);
            f.put(Feature.JOINS, (double) structure.joins());
            f.put(Feature.RESULT_COLUMNS, c.result().getColumnsCount() / 5.0);
            narrowest = Math.min(narrowest, f.get(Feature.RESULT_COLUMNS));
            f.put(Feature.LABEL_SHOWN, showsLabel(c.result()) ? 1.0 : 0.0);
            f.put(Feature.PROJECTION_REFERRED, ProjectionReferred.of(structure.projected(), namesToParts, questionStems));
            f.put(Feature.QUESTION_PIVOTS, pivots);
            f.put(Feature.QUESTION_WORDS, questionWords);
            double breadth = structure.breadth().value();
            f.put(Feature.CONDITION_BREADTH, breadth);
            f.put(Feature.BREADTH_CUE_FIT, breadth * cues.attachment());
            f.put(Feature.QUESTION_SCOPE_MARKERS, (double) cues.markers());
            rows.add(f);
            parts.add(structure.parts());
        }
        double linkQuantifier = LinkQuantifier.of(question, schema, usedNames);
        double unspelledSiblings = UnspelledSiblings.of(question, schema, schemaTerms, usedNames);
        double spelledContest = SpelledContest.of(question, schema, usedNames);
        double meaningSiblings = MeaningSiblings.of(question, schema, projected, nameFit);
        Set<String> usedByAll = new HashSet<>(usedNames.isEmpty() ? Set.of() : usedNames.get(0));
        usedNames.forEach(usedByAll::retainAll);
        List<ReadingEvidence> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Map<Feature, Double> f = rows.get(i);
            double overlap = 0;
            for (int j = 0; j < rows.size(); j++) {
                if (j != i && !cellValues.get(i).isEmpty()) {
                    overlap = Math.max(overlap, ReadingEvidence.similarity(cellValues.get(i), cellValues.get(j)));
                }
            }
            f.put(Feature.RESULT_OVERLAP, overlap);
            f.put(Feature.QUESTION_LINK_QUANTIFIER, linkQuantifier);
            f.put(Feature.QUESTION_UNSPELLED_SIBLINGS, unspelledSiblings);
            f.put(Feature.QUESTION_SPELLED_CONTEST, spelledContest);
            f.put(Feature.QUESTION_MEANING_SIBLINGS, meaningSiblings);
            Set<String> own = new HashSet<>(usedNames.get(i));
            own.removeAll(usedByAll);
            f.put(Feature.DISTINCT_NAME_GROUNDING, own.isEmpty() ? 0.0
                    : (double) own.stream().filter(groundedNames::contains).count() / own.size());
            f.put(Feature.DISTINCT_NAME_MEANING, own.stream().mapToDouble(nameFit).max().orElse(0.0));
            f.put(Feature.NAME_GROUNDING_GAP, f.get(Feature.NAME_GROUNDING) - bestGrounding);
            f.put(Feature.DEFAULT_SHARE_GAP, f.get(Feature.DEFAULT_SHARE) - bestShare);
            f.put(Feature.TERM_COVERAGE_GAP, f.get(Feature.TERM_COVERAGE) - bestCoverage);
            f.put(Feature.RESULT_COLUMNS_OVER_NARROWEST, f.get(Feature.RESULT_COLUMNS) - narrowest);
            out.add(new ReadingEvidence(f, parts.get(i)));
        }
        return out;
    }

    static boolean isDefault(Source s) {
        return s == Source.SOURCE_CALLER || s == Source.SOURCE_DEFAULT;
    }

    /** A name part is grounded when the question has the word (stemmed), or shares a 4+ letter prefix with it. */
    static boolean matches(String part, Set<String> questionStems) {
        return questionStems.contains(part) || QuestionTerms.sharesPrefix(part, questionStems);
    }

    private static Set<String> questionStems(String question) {
        Set<String> out = new HashSet<>();
        for (String w : QuestionTerms.NOT_LETTER_OR_DIGIT.split(question.toLowerCase(Locale.ROOT))) {
            if (w.length() >= 2) {
                out.add(QuestionTerms.stem(w));
            }
        }
        return out;
    }

    /** Every table and column name (lower case) with its word parts (snake_case and camelCase, stemmed). */
    private static Map<String, List<String>> schemaNames(Schema schema) {
        Map<String, List<String>> out = new java.util.HashMap<>();
        for (Table t : schema.getTablesList()) {
            out.put(t.getName().toLowerCase(Locale.ROOT), parts(t.getName()));
            for (Column c : t.getColumnsList()) {
                out.put(c.getName().toLowerCase(Locale.ROOT), parts(c.getName()));
            }
        }
        return out;
    }

    static List<String> parts(String name) {
        Set<String> out = new LinkedHashSet<>();
        for (String piece : QuestionTerms.NOT_LETTER_OR_DIGIT.split(name)) {
            for (String part : QuestionTerms.CAMEL_CASE_BOUNDARY.split(piece)) {
                String p = part.toLowerCase(Locale.ROOT);
                if (p.length() >= 2 && !p.equals("id")) {
                    out.add(QuestionTerms.stem(p));
                }
            }
        }
        return new ArrayList<>(out);
    }

    /** A result column whose name, letters only, ends in one of {@link #LABEL_WORDS}. */
    private static boolean showsLabel(ExecuteResponse r) {
        for (ResultColumn column : r.getColumnsList()) {
            String letters = NOT_LETTER.matcher(column.getName().toLowerCase(Locale.ROOT)).replaceAll("");
            for (String word : LABEL_WORDS) {
                if (letters.endsWith(word)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The result's distinct cell values, each as its type and text. */
    private static Set<String> cellValues(ExecuteResponse r) {
        Set<String> out = new HashSet<>();
        for (Row row : r.getRowsList()) {
            for (Cell c : row.getCellsList()) {
                out.add(c.getType().getNumber() + ":" + c.getText());
            }
        }
        return out;
    }

    private static boolean allNull(ExecuteResponse r) {
        if (r.getRowsCount() == 0) {
            return false;
        }
        for (Row row : r.getRowsList()) {
            for (Cell c : row.getCellsList()) {
                if (c.getType() != ValueType.VALUE_TYPE_NULL) {
                    return false;
                }
            }
        }
        return true;
    }

    private static double repeatedRowShare(ExecuteResponse r) {
        if (r.getRowsCount() < 2) {
            return 0.0;
        }
        Set<Row> distinct = new HashSet<>(r.getRowsList());
        return 1.0 - (double) distinct.size() / r.getRowsCount();
    }
}
