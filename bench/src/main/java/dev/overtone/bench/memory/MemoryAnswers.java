package dev.overtone.bench.memory;

import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ChooseResponse;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.RememberedChoice;
import dev.overtone.proto.v1.StartRequest;

/** Answers as the memory protocol reads and hands them on: candidates, a dialogue's start, an answer without its times. */
final class MemoryAnswers {

    /** How many of an answer's readings a transfer case keeps. */
    private static final int READINGS_SHOWN = 8;

    private MemoryAnswers() {
    }

    /** The answer's readings as clarify-svc takes them (what interpreter-svc sends Start and Recall). */
    static List<Candidate> candidates(InterpretResponse answer) {
        return answer.getInterpretationsList().stream().map(i -> {
            Candidate.Builder c = Candidate.newBuilder().setId(i.getId()).setSql(i.getSql()).setText(i.getText())
                    .setProbability(i.getProbability()).setFingerprint(i.getFingerprint());
            if (i.hasAnalysis()) {
                c.setAnalysis(i.getAnalysis());
            }
            return c.build();
        }).toList();
    }

    /** A dialogue on the answer's readings, remembered under {@code tenant} and {@code database} (both empty: no memory). */
    static StartRequest start(String question, InterpretResponse answer, String tenant, String database) {
        return StartRequest.newBuilder().setQuestion(question == null ? "" : question).setTenant(tenant).setDatabase(database)
                .addAllCandidates(candidates(answer)).build();
    }

    static StartRequest withoutTenant(StartRequest start) {
        return start.toBuilder().clearTenant().clearDatabase().build();
    }

    /** The id of the reading with this SQL, or null. */
    static String idOf(InterpretResponse answer, String sql) {
        return sql == null ? null : answer.getInterpretationsList().stream().filter(i -> i.getSql().equals(sql))
                .map(Interpretation::getId).findFirst().orElse(null);
    }

    /** Whether a remembered choice applied: some reading carries it. */
    static boolean applied(InterpretResponse answer) {
        return answer.getInterpretationsList().stream().anyMatch(i -> i.getRememberedCount() > 0);
    }

    /** The readings a case is read by: the first few, each "i1 0.42 + SQL [remembered label, ...]", + where it returns the intent. */
    static List<String> readings(InterpretResponse answer, Predicate<String> intended) {
        return answer.getInterpretationsList().stream().limit(READINGS_SHOWN).map(i -> String.format(Locale.ROOT, "%s %.3f %s %s%s",
                i.getId(), i.getProbability(), intended.test(i.getSql()) ? "+" : "-", i.getSql().replaceAll("\\s+", " "),
                i.getRememberedCount() == 0 ? "" : " " + i.getRememberedList().stream().map(RememberedChoice::getChosenLabel).toList()))
                .toList();
    }

    /** What Choose remembered, each "clause 'term': chosen over [rejected]". */
    static List<String> choices(ChooseResponse chosen) {
        return chosen.getRememberedList().stream().map(c -> c.getClause() + " '" + c.getPivotTerm() + "': " + c.getChosenValue()
                .replaceAll("\\s+", " ") + " over " + c.getRejectedValuesList()).toList();
    }

    /** The answer without what differs between any two calls: the stages' times. */
    static InterpretResponse untimed(InterpretResponse answer) {
        return answer.toBuilder().clearTimings().clearTotalMicros().build();
    }
}
