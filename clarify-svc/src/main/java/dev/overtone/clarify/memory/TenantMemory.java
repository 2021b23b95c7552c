package dev.overtone.clarify.memory;

import dev.overtone.clarify.service.CallTime;
import dev.overtone.clarify.service.CallerContext;
import dev.overtone.clarify.service.ClarifyException;
import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.Reading;
import dev.overtone.clarify.service.ReadingForks;
import dev.overtone.clarify.service.SlotValue;
import dev.overtone.clarify.service.StartCommand;
import dev.overtone.clarify.service.WordSimilarity;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.IntPredicate;

/**
 * Choose and Recall: the candidates' forks (the decision variables Start finds, from the same slots), remembered as the
 * chosen candidate decides them, or matched against what the tenant's database remembers ({@link ChoiceMatcher}).
 */
@ApplicationScoped
public class TenantMemory {
    @Inject
    ReadingForks readingForks;
    @Inject
    ChoiceLookup lookup;
    @Inject
    ChoiceRecorder recorder;
    @Inject
    ChoiceCache cache;

    /** A remembered choice that decides a fork of the candidates, and the candidates that have its value. */
    public record Applied(Choice choice, List<String> candidateIds) {
    }

    /**
     * What Recall answers: the applied choices, the candidates consistent with all of them, whether the database has
     * any choice at all, and until when the answer holds unless a choice is recorded or forgotten: the earliest expiry of
     * the choices matched against (null when there are none).
     */
    public record Recalled(List<Applied> applied, List<String> consistentIds, boolean anyRemembered, Instant validUntil) {
    }

    /** The most scopes one Remembers may ask about (clarify.proto). */
    public static final int MAX_SCOPES = 256;

    /** For each scope, in order, whether it remembers any unexpired choice. */
    public Uni<List<Boolean>> remembers(List<MemoryScope> scopes) {
        if (scopes.isEmpty()) {
            throw ClarifyException.invalid("Remembers needs at least one scope: the tenant and database to look in");
        }
        if (scopes.size() > MAX_SCOPES) {
            throw ClarifyException.invalid("Remembers takes at most " + MAX_SCOPES + " scopes per call, got " + scopes.size()
                    + ": split them over several calls");
        }
        scopes.forEach(s -> s.requireOwner("Remembers"));
        return lookup.remembering(scopes).map(found -> scopes.stream().map(found::contains).toList());
    }

    public Uni<Recalled> recall(MemoryRequest r) {
        r.requireOwner("Recall");
        List<Reading> readings = readingForks.readings(r.question(), r.candidates());
        List<String> every = r.candidates().stream().map(StartCommand.CandidateInput::id).toList();
        Context ctx = Vertx.currentContext();
        CallTime time = readingForks.callTime();
        // the database's choices first: most have none, and then the readings need no forks at all
        return lookup.candidates(r.tenant(), r.database()).chain(choices -> {
            if (choices.isEmpty() || readings.size() < 2) {
                return Uni.createFrom().item(new Recalled(List.of(), every, !choices.isEmpty(), firstExpiry(choices)));
            }
            Uni<List<List<SlotValue>>> analysed = readingForks.slots(readings, r.candidates());
            if (r.candidates().stream().anyMatch(c -> c.slots() == null)) {
                analysed = analysed.emitOn(CallerContext.of(ctx)); // back from parser-svc's answer to the caller's context
            }
            return analysed.chain(slots -> {
                try { // here, when no pivot term needs the embedding model to run (words alone, or vectors it made before)
                    return Uni.createFrom().item(recalled(r, readings, slots, choices, readingForks::pivotTermWithoutModel));
                } catch (WordSimilarity.NotCached e) { // the model must run: a worker thread, not the event loop
                    return Uni.createFrom().item(() -> recalled(r, readings, slots, choices, (q, v) -> readingForks.pivotTerm(q, v, time)))
                            .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                            .emitOn(CallerContext.of(ctx));
                }
            });
        });
    }

    private Recalled recalled(MemoryRequest r, List<Reading> readings, List<List<SlotValue>> slots, List<Choice> choices,
            BiFunction<String, DecisionVariable, String> pivotTerm) {
        List<String> sql = sqlOf(readings);
        OwnReading.Match own = OwnReading.of(r.question(), sql, slots, choices);
        if (own != null) { // asked again: the person's reading decides every fork, no fork need be named
            List<String> agree = ids(r, readings, own.consistent()::contains);
            return new Recalled(List.of(new Applied(own.choice(), agree)), agree, true, firstExpiry(choices));
        }
        List<DecisionVariable> variables = readingForks.variables(slots);
        Map<String, String> terms = new HashMap<>();
        List<Decision> decisions = ChoiceMatcher.match(r.question(), variables, sql, () -> TableReaders.tables(slots), choices,
                v -> terms.computeIfAbsent(v.id(), id -> pivotTerm.apply(r.question(), v)));
        Map<Choice, List<Decision>> byChoice = new LinkedHashMap<>(); // a whole reading decides several forks
        for (Decision d : decisions) {
            byChoice.computeIfAbsent(d.choice(), c -> new ArrayList<>()).add(d);
        }
        List<Applied> applied = new ArrayList<>();
        byChoice.forEach((choice, its) -> applied.add(new Applied(choice, ids(r, readings, i -> ChoiceMatcher.consistent(i, variables, its)))));
        return new Recalled(applied, ids(r, readings, i -> ChoiceMatcher.consistent(i, variables, decisions)), true, firstExpiry(choices));
    }

    /** When the first of these choices expires (and the answer matched against them may change); null for none. */
    static Instant firstExpiry(List<Choice> choices) {
        return choices.stream().map(Choice::expiresAt).min(Instant::compareTo).orElse(null);
    }

    /** Each reading's SQL as the memory keeps it. */
    public static List<String> sqlOf(List<Reading> readings) {
        return readings.stream().map(x -> ReadingSql.of(x.sql())).toList();
    }

    /** The ids, in the caller's order, of the candidates whose reading passes (a reading speaks for its aliases). */
    private static List<String> ids(MemoryRequest r, List<Reading> readings, IntPredicate reading) {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < readings.size(); i++) {
            if (reading.test(i)) {
                ids.add(readings.get(i).id());
                ids.addAll(readings.get(i).aliases());
            }
        }
        return r.candidates().stream().map(StartCommand.CandidateInput::id).filter(ids::contains).toList();
    }

    /** Remembers each fork between the candidates that the chosen one decides; what is now stored, one per fork. */
    public Uni<List<Choice>> choose(MemoryRequest r, String chosenId) {
        r.requireOwner("Choose");
        if (r.candidates().isEmpty()) {
            throw ClarifyException.invalid("Choose needs the candidates the caller chose among (id, sql, and each one's analysis when it has one)");
        }
        List<Reading> readings = readingForks.readings(r.question(), r.candidates());
        int chosen = readingOf(readings, chosenId);
        if (chosen < 0) {
            throw ClarifyException.invalid("chosen_candidate_id '" + chosenId + "' is not among the candidates ("
                    + String.join(", ", r.candidates().stream().map(StartCommand.CandidateInput::id).limit(20).toList())
                    + (r.candidates().size() > 20 ? ", ..." : "") + "); name the id of the candidate that was used");
        }
        if (!recorder.enabled()) {
            throw new ClarifyException(ClarifyException.Kind.FAILED_PRECONDITION,
                    "this clarify-svc remembers no choices (overtone.clarify.memory.enabled=false)");
        }
        Context ctx = Vertx.currentContext();
        CallTime time = readingForks.callTime();
        return readingForks.slots(readings, r.candidates())
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(s -> forks(r.question(), s, chosen, readings.get(chosen), time))
                .emitOn(CallerContext.of(ctx))
                .chain(forks -> Panache.withTransaction(() -> recorder.record(r.tenant(), r.database(), r.question(), Choice.Source.CALLER, forks)))
                // as Forget does: this replica's cache is told after the commit, not only by the notice's echo
                .invoke(() -> cache.changed(new MemoryScope(r.tenant(), r.database())));
    }

    /**
     * Each fork the chosen reading decides ({@link DecidedForks}: not where readings differ in order only), the columns it
     * shows beside a chosen one ({@link ShownBeside}), then the reading itself.
     */
    private List<ForkChoice> forks(String question, List<List<SlotValue>> slots, int chosen, Reading reading, CallTime time) {
        List<DecisionVariable> named = readingForks.variables(slots).stream()
                .map(v -> v.withPivotTerm(readingForks.pivotTerm(question, v, time))).toList();
        List<ForkChoice> out = new ArrayList<>(DecidedForks.of(named, slots, chosen));
        out.addAll(ShownBeside.of(out, ShownBeside.outerColumns(slots.get(chosen))));
        out.add(ForkChoice.reading(reading.sql(), reading.text()));
        return out;
    }

    private static int readingOf(List<Reading> readings, String candidateId) {
        for (int i = 0; i < readings.size(); i++) {
            if (readings.get(i).id().equals(candidateId) || readings.get(i).aliases().contains(candidateId)) {
                return i;
            }
        }
        return -1;
    }
}
