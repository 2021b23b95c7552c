package dev.overtone.bench.memory;

import java.util.List;

import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.StartRequest;

/** Answers as the memory protocol reads and hands them on: candidates, a dialogue's start, an answer without its times. */
final class MemoryAnswers {

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

    /** The answer without what differs between any two calls: the stages' times. */
    static InterpretResponse untimed(InterpretResponse answer) {
        return answer.toBuilder().clearTimings().clearTotalMicros().build();
    }
}
