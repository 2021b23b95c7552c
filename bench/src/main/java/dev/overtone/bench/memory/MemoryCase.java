package dev.overtone.bench.memory;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import dev.overtone.bench.InterpretChoices;
import dev.overtone.bench.clarify.Dialogue;
import dev.overtone.bench.clarify.SimulatedUser;
import dev.overtone.bench.client.InterpretRequests;
import dev.overtone.bench.client.Suite;
import dev.overtone.bench.dataset.BenchDatabase;
import dev.overtone.bench.dataset.Example;
import dev.overtone.bench.sqlite.QueryRunner;
import dev.overtone.proto.v1.ChooseRequest;
import dev.overtone.proto.v1.ChooseResponse;
import dev.overtone.proto.v1.MemoryToken;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Outcome;
import dev.overtone.proto.v1.StartRequest;
import io.grpc.StatusRuntimeException;

/**
 * The memory protocol on one database (bench/README, "memory"): its first ambiguous question is resolved with the
 * helpful simulated user in a fresh tenant and asked again there (repeat) and in another tenant (isolation); its
 * unambiguous siblings are asked in the tenant that remembers, memory on and off (no harm); each other ambiguous
 * question is asked, memory on and off, in a tenant of its own that remembers the first one's choice (transfer).
 */
final class MemoryCase {

    /** One database's questions: the SQLite file and the database name every tenant of the run gives it. */
    record Group(String database, Path path, List<Example> ambiguous, List<Example> unambiguous) {
    }

    /** The tenants of one group: the one that remembers, another, one per transfer question. */
    record Tenants(String remembering, String other, List<String> transfer) {
    }

    private static final Optional<MemoryToken> NO_TOKEN = Optional.empty();

    private final Suite suite;
    private final long deadlineMs;
    private final InterpretChoices interpret;
    private final double queryTimeout;

    MemoryCase(Suite suite, long deadlineMs, InterpretChoices interpret, double queryTimeout) {
        this.suite = suite;
        this.deadlineMs = deadlineMs;
        this.interpret = interpret;
        this.queryTimeout = queryTimeout;
    }

    MemoryTrials.Case run(Group g, Tenants t) throws Exception {
        List<MemoryTrials.Repeat> repeats = new ArrayList<>();
        List<MemoryTrials.Isolation> isolations = new ArrayList<>();
        List<MemoryTrials.Sibling> siblings = new ArrayList<>();
        List<MemoryTrials.Transfer> transfers = new ArrayList<>();
        try (Connection conn = new BenchDatabase(g.database(), g.path(), List.of()).openReadOnly()) {
            Golds golds = new Golds(new QueryRunner(conn, queryTimeout));
            Example a = g.ambiguous().get(0);
            InterpretResponse off = ask(a, t.remembering(), g.database(), true, false, NO_TOKEN);
            String intent = intent(off, a, golds);
            Set<String> intended = intent == null ? Set.of() : golds.readingsOf(off, intent);
            Dialogue.Result resolved = null;
            if (!intended.isEmpty()) {
                StartRequest start = MemoryAnswers.start(a.question(), off, t.remembering(), g.database());
                // the twins the user's probing opens start without memory, so none of them is remembered
                resolved = dialogue(start, intended, intent, golds).probingWith(MemoryAnswers.withoutTenant(start)).play();
            }
            String chosenSql = resolved == null ? null : resolved.finalSql();
            // as a caller does: the resolving Answer's token goes with every later call in that tenant's database
            Optional<MemoryToken> token = resolved == null ? NO_TOKEN : resolved.memoryToken();
            InterpretResponse again = ask(a, t.remembering(), g.database(), false, true, token);
            Interpretation first = again.getInterpretationsCount() == 0 ? null : again.getInterpretations(0);
            repeats.add(new MemoryTrials.Repeat(a.id(), !intended.isEmpty(), resolved != null && resolved.accurate(),
                    resolved == null ? 0 : resolved.questions(),
                    // nothing to remember when the person was asked nothing (one reading, or one far ahead)
                    first != null && first.getSql().equals(chosenSql) && (resolved.questions() == 0 || first.getRememberedCount() > 0),
                    again.hasClarification() && !again.getClarification().hasQuestion() && again.getClarification().hasResolution(),
                    again.getOutcome() != Outcome.OUTCOME_AMBIGUOUS, MemoryAnswers.applied(again)));

            InterpretResponse otherOn = ask(a, t.other(), g.database(), false, false, NO_TOKEN);
            InterpretResponse otherOff = ask(a, t.other(), g.database(), true, false, NO_TOKEN);
            isolations.add(new MemoryTrials.Isolation(a.id(), MemoryAnswers.untimed(otherOn).equals(MemoryAnswers.untimed(otherOff)),
                    MemoryAnswers.applied(otherOn)));

            for (Example s : g.unambiguous()) {
                String gold = s.goldQueries().get(0);
                InterpretResponse on = ask(s, t.remembering(), g.database(), false, false, token);
                InterpretResponse sOff = ask(s, t.remembering(), g.database(), true, false, NO_TOKEN);
                siblings.add(new MemoryTrials.Sibling(s.id(), intent != null && !golds.matches(gold, intent), golds.first(on, gold),
                        golds.first(sOff, gold), golds.shown(on, gold), golds.shown(sOff, gold), MemoryAnswers.applied(on)));
            }

            String chosenId = MemoryAnswers.idOf(off, chosenSql);
            for (int k = 1; k < g.ambiguous().size() && chosenId != null; k++) {
                transfers.add(transfer(g, g.ambiguous().get(k), t.transfer().get(k - 1), a, off, chosenId,
                        chosenGold(a, chosenSql, intent, golds), golds));
            }
        } catch (StatusRuntimeException e) {
            return new MemoryTrials.Case(g.database(), repeats, isolations, siblings, transfers,
                    e.getStatus().getCode() + ": " + e.getStatus().getDescription());
        }
        return new MemoryTrials.Case(g.database(), repeats, isolations, siblings, transfers, null);
    }

    /**
     * Question {@code b} in a tenant that remembers (Choose) what was chosen for {@code a}. The user is the one who chose:
     * they mean the reading of {@code b} that is the same interpretation as the one chosen for {@code a}
     * ({@link #sameInterpretation}); none of the answers' readings returning it, the question is unreachable.
     */
    private MemoryTrials.Transfer transfer(Group g, Example b, String tenant, Example a, InterpretResponse aAnswer, String chosenId,
                                           String aChosen, Golds golds) {
        ChooseResponse chosen = suite.clarify(deadlineMs).choose(ChooseRequest.newBuilder().setTenant(tenant).setDatabase(g.database())
                .setQuestion(a.question()).addAllCandidates(MemoryAnswers.candidates(aAnswer)).setChosenCandidateId(chosenId).build());
        InterpretResponse off = ask(b, tenant, g.database(), true, false, NO_TOKEN);
        InterpretResponse on = ask(b, tenant, g.database(), false, false,
                chosen.hasMemoryToken() ? Optional.of(chosen.getMemoryToken()) : NO_TOKEN);
        String intent = sameInterpretation(a, aChosen, b);
        if (intent == null || golds.readingsOf(off, intent).isEmpty() && golds.readingsOf(on, intent).isEmpty()) {
            return new MemoryTrials.Transfer(b.id(), false, false, false, false, 0, 0);
        }
        boolean shared = on.getInterpretationsList().stream().anyMatch(i -> i.getRememberedCount() > 0 && golds.matches(i.getSql(), intent));
        StartRequest memoryless = MemoryAnswers.start(b.question(), off, "", "");
        StartRequest remembering = MemoryAnswers.start(b.question(), on, tenant, g.database());
        int questionsOff = dialogue(memoryless, golds.readingsOf(off, intent), intent, golds).play().questions();
        int questionsOn = dialogue(remembering, golds.readingsOf(on, intent), intent, golds).play().questions();
        return new MemoryTrials.Transfer(b.id(), true, shared, golds.first(on, intent), golds.first(off, intent), questionsOn, questionsOff,
                MemoryAnswers.choices(chosen), MemoryAnswers.readings(on, sql -> golds.matches(sql, intent)),
                MemoryAnswers.readings(off, sql -> golds.matches(sql, intent)));
    }

    /** The gold of {@code a} the chosen reading returns (what the memory holds), else the intent it was resolved for. */
    static String chosenGold(Example a, String chosenSql, String intent, Golds golds) {
        return a.goldQueries().stream().filter(gold -> golds.matches(chosenSql, gold)).findFirst().orElse(intent);
    }

    /**
     * {@code b}'s gold that is the same interpretation as {@code aIntent} is of {@code a}: Ambrosia* lists every question's
     * golds of one database in the same order of interpretations (scope: the collective reading, then the one per item;
     * vague: the first meaning of the vague word, the second, both), so the same position is the same choice. Null when
     * {@code b} has no gold there.
     */
    static String sameInterpretation(Example a, String aIntent, Example b) {
        int k = aIntent == null ? -1 : a.goldQueries().indexOf(aIntent);
        return k < 0 || k >= b.goldQueries().size() ? null : b.goldQueries().get(k);
    }

    /**
     * The user's intent: the first gold some reading returns that the first reading does not (so the memory has a reading
     * to move), else the first gold some reading returns; null when no reading returns any.
     */
    static String intent(InterpretResponse answer, Example ex, Golds golds) {
        String reachable = null;
        for (String gold : ex.goldQueries()) {
            Set<String> ids = golds.readingsOf(answer, gold);
            if (ids.isEmpty()) {
                continue;
            }
            if (!golds.first(answer, gold)) {
                return gold;
            }
            reachable = reachable == null ? gold : reachable;
        }
        return reachable;
    }

    private Dialogue dialogue(StartRequest start, Set<String> intended, String intent, Golds golds) {
        return new Dialogue(() -> suite.clarify(deadlineMs), start, SimulatedUser.Kind.HELPFUL, intended, sql -> golds.matches(sql, intent));
    }

    /** @param afterChoice the token of the choice this tenant's database just recorded, when the caller holds one */
    private InterpretResponse ask(Example ex, String tenant, String database, boolean ignoreMemory, boolean clarify,
                                  Optional<MemoryToken> afterChoice) {
        InterpretRequest base = InterpretRequests.forExample(ex, tenant, database, interpret.infill(), interpret.families());
        InterpretRequest.Builder request = base.toBuilder().setOptions(base.getOptions().toBuilder()
                .setIgnoreMemory(ignoreMemory).setStartClarification(clarify));
        afterChoice.ifPresent(request::setAfterChoice);
        return suite.interpreter(deadlineMs).interpret(request.build());
    }
}
