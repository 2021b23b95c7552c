package dev.overtone.interpreter.mapping;

import dev.overtone.interpreter.ranking.EvidenceExtractor;
import dev.overtone.interpreter.ranking.Feature;
import dev.overtone.interpreter.ranking.NameMeaning;
import dev.overtone.interpreter.ranking.RankedAnswer;
import dev.overtone.interpreter.ranking.ReadingEvidence;
import dev.overtone.interpreter.ranking.ReadingRanker;
import dev.overtone.interpreter.service.Degradations;
import dev.overtone.interpreter.service.QuestionTerms;
import dev.overtone.interpreter.service.ReadingGroup;
import dev.overtone.interpreter.service.Route;
import dev.overtone.interpreter.service.StageNames;
import dev.overtone.proto.v1.AmbiguitySummary;
import dev.overtone.proto.v1.AmbiguousSlot;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ClarifyOptions;
import dev.overtone.proto.v1.Degradation;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.FailedReading;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Outcome;
import dev.overtone.proto.v1.Paraphrase;
import dev.overtone.proto.v1.RankingEvidence;
import dev.overtone.proto.v1.RecallRequest;
import dev.overtone.proto.v1.ResultPreview;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageTiming;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.runtime.embedding.MiniLm;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** Builds the answer: interpretations ranked by evidence, the compact cut, the ambiguity summary, the verdict. */
@ApplicationScoped
public class AnswerAssembler {
    private static final Pattern NOT_ASCII_LETTER_OR_DIGIT = Pattern.compile("[^a-z0-9]+");

    /** What the pipeline knows besides the groups. */
    public record RunView(InterpretRequest request, Schema schema, List<QuestionTerms.Term> terms, List<String> absentTerms,
                          List<String> warnings, List<FailedReading> failures, Map<Stage, Long> timings,
                          long totalMicros, int previewRows, List<Degradation> degradations) {
    }

    private final ReadingRanker ranker = new ReadingRanker(ReadingRanker.Model.tuned());
    /** Cheap to make: its model loads on first use. */
    private final NameMeaning meaning = new NameMeaning(MiniLm::load, 20_000);

    public InterpretResponse assemble(RunView run, List<ReadingGroup> found) {
        InterpretResponse.Builder out = InterpretResponse.newBuilder();
        List<ReadingEvidence> evidence = found.isEmpty() ? List.of()
                : EvidenceExtractor.extract(run.request().getQuestion(), run.schema(), run.terms(), candidates(found),
                        meaning.fit(run.request().getQuestion(), run.terms(), run.schema()));
        RankedAnswer ranked = found.isEmpty() ? new RankedAnswer(List.of(), List.of(), List.of(), 0, 0.0, false)
                : ranker.rank(evidence);
        List<ReadingGroup> groups = ranked.order().stream().map(found::get).toList();
        for (int k = 0; k < groups.size(); k++) {
            Interpretation.Builder b = interpretation(k + 1, groups.get(k), run.previewRows())
                    .setProbability(ranked.probabilities().get(k)).setAlternative(k >= ranked.shown());
            ReadingEvidence e = evidence.get(ranked.order().get(k));
            for (Feature f : Feature.values()) {
                b.addEvidence(RankingEvidence.newBuilder().setName(f.wireName()).setValue(e.get(f)));
            }
            out.addInterpretations(b);
        }
        out.setShownCount(ranked.shown()).setAmbiguityProbability(ranked.ambiguityProbability());
        List<String> ungrounded = QuestionTerms.ungrounded(run.terms());
        AmbiguitySummary.Builder ambiguity = AmbiguitySummary.newBuilder().setAmbiguous(ranked.ambiguous());
        Set<String> pivotsUsed = new LinkedHashSet<>();
        if (groups.size() > 1) {
            ambiguity.addAllSlots(differingSlots(groups, run.terms(), pivotsUsed));
        }
        Outcome outcome;
        if (groups.isEmpty()) {
            // unanswerable is a strong claim: only when the schema has nothing for anything the question names
            outcome = run.absentTerms().isEmpty() ? Outcome.OUTCOME_FAILED : Outcome.OUTCOME_UNANSWERABLE;
            ambiguity.addAllUngroundedTerms(ungrounded);
        } else {
            outcome = verdict(ranked.ambiguous(), run.degradations());
        }
        List<String> warnings = new ArrayList<>(new LinkedHashSet<>(run.warnings()));
        List<String> unexplained = ungrounded.stream().filter(t -> !pivotsUsed.contains(t)).toList();
        // (vague measure words without a differing slot need no warning: one reading settled them)
        if (!groups.isEmpty() && !unexplained.isEmpty()) {
            warnings.add("terms: " + String.join(", ", unexplained.stream().map(t -> "'" + t + "'").toList())
                    + " match nothing in the schema; only the readings' SQL grounds them");
        }
        if (outcome == Outcome.OUTCOME_UNANSWERABLE) {
            warnings.add("unanswerable: the schema of " + run.request().getTenant() + "/" + run.request().getDatabase()
                    + " has nothing for " + String.join(", ", run.absentTerms().stream().map(t -> "'" + t + "'").toList())
                    + ", by name or by meaning");
        }
        return out.setAmbiguity(ambiguity).setOutcome(outcome).addAllTimings(timings(run.timings()))
                .addAllWarnings(warnings).addAllFailures(run.failures()).addAllDegradations(run.degradations())
                .setTotalMicros(run.totalMicros()).build();
    }

    /** The outcome of an answer with readings: AMBIGUOUS, else ANSWERABLE only when every stage that finds readings did its whole work. */
    static Outcome verdict(boolean ambiguous, List<Degradation> degradations) {
        return ambiguous ? Outcome.OUTCOME_AMBIGUOUS
                : Degradations.readingsMayBeMissing(degradations) ? Outcome.OUTCOME_INCOMPLETE
                : Outcome.OUTCOME_ANSWERABLE;
    }

    /** The interpretation as StreamInterpret announces it when its result is first seen. */
    public Interpretation provisional(int index, ReadingGroup group, int previewRows) {
        return interpretation(index, group, previewRows).build();
    }

    private Interpretation.Builder interpretation(int index, ReadingGroup g, int previewRows) {
        Route r = g.representative();
        Interpretation.Builder b = Interpretation.newBuilder().setId("i" + index).setText(g.text()).setSql(r.sql())
                .setSource(r.source()).setFingerprint(g.fingerprint()).setPreview(preview(g.result(), previewRows))
                .setFamily(r.family() == null ? "" : r.family());
        if (g.analysis() != null) {
            b.setAnalysis(g.analysis());
        }
        for (Route p : g.paraphrases()) {
            b.addParaphrases(Paraphrase.newBuilder().setText(p.text() == null ? "" : p.text()).setSql(p.sql()).setSource(p.source()));
        }
        return b;
    }

    static ResultPreview preview(ExecuteResponse result, int rows) {
        return ResultPreview.newBuilder().addAllColumns(result.getColumnsList())
                .addAllRows(result.getRowsList().subList(0, Math.min(rows, result.getRowsCount())))
                .setRowCount(result.getRowsCount()).setTruncated(result.getTruncated()).build();
    }

    private static List<EvidenceExtractor.Candidate> candidates(List<ReadingGroup> groups) {
        return groups.stream().map(g -> new EvidenceExtractor.Candidate(g.routes().stream().map(Route::source).toList(),
                g.result(), g.analysis())).toList();
    }

    /**
     * Slots (by path) whose value is not the same in every analyzed reading. The question terms that
     * point at a slot: the ungrounded terms (the words the readings resolve differently) plus the
     * grounded ones that name one of the slot's schema elements.
     */
    private List<AmbiguousSlot> differingSlots(List<ReadingGroup> groups, List<QuestionTerms.Term> terms, Set<String> pivotsUsed) {
        List<ReadingGroup> analyzed = groups.stream().filter(g -> g.analysis() != null).toList();
        if (analyzed.size() < 2) {
            return List.of();
        }
        Map<String, List<Slot>> byPath = new LinkedHashMap<>();
        for (int i = 0; i < analyzed.size(); i++) {
            for (Slot s : analyzed.get(i).analysis().getSlotsList()) {
                List<Slot> column = byPath.computeIfAbsent(s.getPath(), k -> new ArrayList<>());
                while (column.size() < i) {
                    column.add(null);
                }
                if (column.size() == i) {
                    column.add(s);
                }
            }
        }
        List<String> ungrounded = QuestionTerms.pivots(terms);
        // Slots that split the readings the same way are one fork (a swapped measure brings its join
        // and GROUP BY along): one line per fork, shown by a slot every reading has where one exists.
        Map<List<Integer>, AmbiguousSlot> forks = new LinkedHashMap<>();
        Map<String, List<String>> wordsOf = new HashMap<>();
        for (var entry : byPath.entrySet()) {
            List<Slot> column = entry.getValue();
            while (column.size() < analyzed.size()) {
                column.add(null);
            }
            Set<String> values = new LinkedHashSet<>();
            column.forEach(s -> values.add(s == null ? "<absent>" : s.getValue()));
            if (values.size() < 2) {
                continue;
            }
            Slot first = column.stream().filter(s -> s != null).findFirst().orElseThrow();
            List<String> elements = new ArrayList<>();
            Set<String> allElements = new LinkedHashSet<>();
            for (Slot s : column) {
                String e = s == null ? "(none)" : String.join(" + ", s.getSchemaElementsList());
                elements.add(e.isEmpty() ? s.getValue() : e);
                if (s != null) {
                    allElements.addAll(s.getSchemaElementsList());
                }
            }
            Set<String> questionTerms = new LinkedHashSet<>(ungrounded);
            List<List<String>> elementWords = allElements.stream().map(e -> wordsOf.computeIfAbsent(e, AnswerAssembler::words)).toList();
            for (QuestionTerms.Term t : terms) {
                if (t.grounded() && mentions(elementWords, t.text())) {
                    questionTerms.add(t.text());
                }
            }
            pivotsUsed.addAll(ungrounded);
            AmbiguousSlot slot = AmbiguousSlot.newBuilder().setPath(entry.getKey())
                    .setLabel(first.getLabel().isEmpty() ? first.getValue() : first.getLabel())
                    .addAllQuestionTerms(questionTerms).addAllSchemaElements(elements).build();
            forks.merge(partition(column), slot, (kept, other) -> !column.contains(null) && !presentInAll(kept) ? other : kept);
        }
        return new ArrayList<>(forks.values());
    }

    /** Which readings share a value at this slot, as class numbers in reading order: [0, 1, 0] etc. */
    private static List<Integer> partition(List<Slot> column) {
        Map<String, Integer> classes = new LinkedHashMap<>();
        List<Integer> partition = new ArrayList<>();
        for (Slot s : column) {
            partition.add(classes.computeIfAbsent(s == null ? "<absent>" : s.getValue(), v -> classes.size()));
        }
        return partition;
    }

    private static boolean presentInAll(AmbiguousSlot slot) {
        return !slot.getSchemaElementsList().contains("(none)");
    }

    /** Whether one of the schema elements' words is the term, or starts with its stem (3+ letters). */
    private static boolean mentions(List<List<String>> elementWords, String term) {
        String t = term.toLowerCase(Locale.ROOT);
        String stem = t.endsWith("s") ? t.substring(0, t.length() - 1) : t;
        for (List<String> words : elementWords) {
            for (String part : words) {
                if (part.equals(t) || part.startsWith(stem) && stem.length() >= 3) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A schema element's words, lower case ({@code hotels.star_rating}: hotels, star, rating); split once per element and answer. */
    private static List<String> words(String element) {
        return Arrays.stream(NOT_ASCII_LETTER_OR_DIGIT.split(element.toLowerCase(Locale.ROOT))).filter(w -> !w.isEmpty()).toList();
    }

    /** The stages' times in the order they first ran, typed and, for older clients, by name. */
    @SuppressWarnings("deprecation") // StageTiming.stage: still filled for clients that predate kind
    public List<StageTiming> timings(Map<Stage, Long> timings) {
        return timings.entrySet().stream().map(e -> StageTiming.newBuilder().setKind(e.getKey()).setStage(StageNames.of(e.getKey()))
                .setMicros(e.getValue()).build()).toList();
    }

    /**
     * clarify-svc's Start on the answer's readings, under the asker's tenant and database (what the person answers is
     * remembered there); {@code ignoreMemory} asks even about forks the tenant's remembered choices decide.
     */
    public StartRequest clarification(InterpretRequest request, InterpretResponse answer, boolean ignoreMemory) {
        ClarifyOptions options = request.getOptions().getClarifyOptions();
        return StartRequest.newBuilder().setQuestion(request.getQuestion()).setTenant(request.getTenant())
                .setDatabase(request.getDatabase())
                .setOptions(options.toBuilder().setIgnoreMemory(options.getIgnoreMemory() || ignoreMemory))
                .setCandidatesIncomplete(Degradations.readingsMayBeMissing(answer.getDegradationsList()))
                .addAllCandidates(clarifyCandidates(answer, false)).build();
    }

    /** clarify-svc's Recall: the tenant's remembered choices that decide a fork between the answer's readings. */
    public RecallRequest recall(InterpretRequest request, InterpretResponse answer) {
        return RecallRequest.newBuilder().setTenant(request.getTenant()).setDatabase(request.getDatabase())
                .setQuestion(request.getQuestion()).addAllCandidates(clarifyCandidates(answer, true)).build();
    }

    /**
     * The answer's readings as clarify-svc takes them, with their analysis where they have one; {@code slotsOnly}: of
     * the analysis only the slots, all clarify-svc reads (Recall runs on every answer: half its bytes were the rest).
     */
    private static List<Candidate> clarifyCandidates(InterpretResponse answer, boolean slotsOnly) {
        List<Candidate> candidates = new ArrayList<>();
        for (Interpretation i : answer.getInterpretationsList()) {
            Candidate.Builder c = Candidate.newBuilder().setId(i.getId()).setSql(i.getSql()).setText(i.getText())
                    .setProbability(i.getProbability()).setFingerprint(i.getFingerprint());
            if (i.hasAnalysis()) {
                // clarify-svc then finds its variables in the slots the ambiguity summary used, without parser-svc
                c.setAnalysis(slotsOnly ? SqlAnalysis.newBuilder().addAllSlots(i.getAnalysis().getSlotsList()).build() : i.getAnalysis());
            }
            candidates.add(c.build());
        }
        return candidates;
    }
}
