package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.AppliedChoice;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.RecallRequest;
import dev.overtone.proto.v1.RecallResponse;
import dev.overtone.proto.v1.MemoryScope;
import dev.overtone.proto.v1.MemoryScopes;
import dev.overtone.proto.v1.RemembersRequest;
import dev.overtone.proto.v1.RemembersResponse;
import dev.overtone.proto.v1.RememberedChoice;
import dev.overtone.proto.v1.CancelRequest;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.GetRequest;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import dev.overtone.runtime.testing.RecordedExchanges;
import dev.overtone.runtime.testing.ReplayedAnswers;
import io.grpc.Status;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.operators.multi.processors.BroadcastProcessor;
import io.smallrye.mutiny.Uni;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * clarify-svc for one interpreter test. Start answers with what the real clarify-svc answered to the same request:
 * the recordings in runtime's test-jar ({@code contracts/clarify-svc}), which clarify-svc's {@code RecordedAnswersTest}
 * checks against the service (runtime/README.md, "Recorded answers"); a request with no recording fails with INTERNAL
 * naming how to record it. Hand-written, each said where: the outage a test injects, the requests kept, and Answer,
 * Get and Cancel, which the interpreter never calls (UNIMPLEMENTED). Recall answers from the test's own memory
 * ({@link #remember}), by tenant and database, as clarify-svc's contract says; WatchMemory only when a test asks for it
 * ({@link #serveWatchWithPushHeld}).
 */
public final class FakeClarify extends FakeDownstream<FakeClarify> {
    private static final RecordedExchanges RECORDED = RecordedExchanges.load("clarify-svc", ClarifyServiceGrpc.getServiceDescriptor());

    private final ReplayedAnswers replay = new ReplayedAnswers(RECORDED, "interpreter-svc");
    private final Outage recallOutage = new Outage();
    private final Slowness slowRemembers = new Slowness();
    private final List<StartRequest> starts = new CopyOnWriteArrayList<>();
    private final List<RecallRequest> recalls = new CopyOnWriteArrayList<>();
    private final List<MemoryScope> probes = new CopyOnWriteArrayList<>();
    private final List<Remembered> memory = new CopyOnWriteArrayList<>();
    private volatile boolean watchServed;
    /** What the test pushes after the snapshot ({@link #pushForgotten}); until then the stream holds every push back. */
    private final BroadcastProcessor<MemoryScopes> pushes = BroadcastProcessor.create();

    /** A remembered choice and which candidates have its chosen value. */
    private record Remembered(RememberedChoice choice, Predicate<Candidate> chosen) {
    }

    /**
     * Remembers {@code choice} under its tenant and database: a Recall there whose candidates it splits (some have the
     * chosen value, some not) gets it as applied, with the candidates {@code chosen} keeps.
     */
    public FakeClarify remember(RememberedChoice choice, Predicate<Candidate> chosen) {
        memory.add(new Remembered(choice, chosen));
        return this;
    }

    /**
     * Serves WatchMemory: the snapshot (the scopes remembered when the stream opens), then nothing while it stays open but
     * what the test pushes ({@link #pushForgotten}), so a choice remembered after it is one whose push has not reached the
     * interpreter yet. Unset, WatchMemory is UNIMPLEMENTED
     * and every call asks Remembers.
     */
    public FakeClarify serveWatchWithPushHeld() {
        watchServed = true;
        return this;
    }

    Multi<MemoryScopes> watchMemory() {
        if (!watchServed) {
            return Multi.createFrom().failure(Status.UNIMPLEMENTED.withDescription("not served by the fake clarify-svc").asRuntimeException());
        }
        MemoryScopes.Builder snapshot = MemoryScopes.newBuilder().setSnapshotComplete(true).setPushesForgets(true);
        memory.forEach(r -> snapshot.addScopesBuilder().setTenant(r.choice().getTenant()).setDatabase(r.choice().getDatabase()));
        return Multi.createBy().concatenating().streams(Multi.createFrom().item(snapshot.build()), pushes);
    }

    /** Pushes, on every open WatchMemory stream, that the tenant's database ("" for every one) forgot some choices. */
    public FakeClarify pushForgotten(String tenant, String database) {
        pushes.onNext(MemoryScopes.newBuilder().setSnapshotComplete(true).setPushesForgets(true)
                .addForgotten(MemoryScope.newBuilder().setTenant(tenant).setDatabase(database)).build());
        return this;
    }

    /** Remembers answers only after this long. */
    public FakeClarify slowRemembers(Duration delay) {
        slowRemembers.set(delay);
        return this;
    }

    /** Recall alone fails with this status. */
    public FakeClarify failRecallWith(Status status) {
        recallOutage.set(status);
        return this;
    }

    /** The Recalls (the recall stage's), in order. */
    public List<RecallRequest> recalls() {
        return recalls;
    }

    /** The scopes asked in Remembers (whether a database remembers anything, asked beside the pipeline), in order. */
    public List<MemoryScope> probes() {
        return probes;
    }

    /** Every Start request, in order. */
    public List<StartRequest> starts() {
        return starts;
    }

    ReplayedAnswers replay() {
        return replay;
    }

    Uni<Turn> start(StartRequest request) {
        return outage.or(() -> {
            starts.add(request);
            return replay.answer("Start", request);
        });
    }

    Uni<RecallResponse> recall(RecallRequest request) {
        recalls.add(request);
        return outage.or(() -> recallOutage.or(() -> remembered(request)));
    }

    /** As clarify-svc's contract says: per scope, whether the test remembered anything under that tenant and database. */
    Uni<RemembersResponse> remembers(RemembersRequest request) {
        probes.addAll(request.getScopesList());
        return outage.or(() -> slowRemembers.answer(RemembersResponse.newBuilder().addAllRemembered(request.getScopesList().stream()
                .map(s -> memory.stream().anyMatch(r -> r.choice().getTenant().equals(s.getTenant())
                        && r.choice().getDatabase().equals(s.getDatabase())))
                .toList()).build()));
    }

    private Uni<RecallResponse> remembered(RecallRequest request) {
        RecallResponse.Builder out = RecallResponse.newBuilder();
        Set<String> consistent = new LinkedHashSet<>(request.getCandidatesList().stream().map(Candidate::getId).toList());
        for (Remembered r : memory) {
            if (!r.choice().getTenant().equals(request.getTenant()) || !r.choice().getDatabase().equals(request.getDatabase())) {
                continue;
            }
            out.setAnyRemembered(true);
            long expires = r.choice().getExpiresAt().isEmpty() ? Long.MAX_VALUE
                    : ChronoUnit.MICROS.between(Instant.EPOCH, Instant.parse(r.choice().getExpiresAt()));
            out.setValidUntilMicros(out.getValidUntilMicros() == 0 ? expires : Math.min(out.getValidUntilMicros(), expires));
            List<String> chosen = request.getCandidatesList().stream().filter(r.chosen()).map(Candidate::getId).toList();
            if (!chosen.isEmpty() && chosen.size() < request.getCandidatesCount()) {
                out.addApplied(AppliedChoice.newBuilder().setChoice(r.choice()).addAllCandidateIds(chosen));
                consistent.retainAll(chosen);
            }
        }
        return Uni.createFrom().item(out.addAllConsistentCandidateIds(consistent).build());
    }

    Uni<Turn> answer(AnswerRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.asRuntimeException());
    }

    Uni<Session> get(GetRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.asRuntimeException());
    }

    Uni<Session> cancel(CancelRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.asRuntimeException());
    }
}
