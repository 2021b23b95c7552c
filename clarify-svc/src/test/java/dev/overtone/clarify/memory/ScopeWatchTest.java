package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.MemoryScopes;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.helpers.test.AssertSubscriber;
import io.smallrye.mutiny.subscription.MultiEmitter;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** One WatchMemory stream on a real Mutiny emitter: the snapshot's pages, the marker, held pushes, and the bound. */
class ScopeWatchTest {
    private static final MemoryScope ACME = new MemoryScope("acme", "hotels");
    private static final MemoryScope GLOBEX = new MemoryScope("globex", "flights");

    private final AtomicBoolean ready = new AtomicBoolean(true);
    private final AssertSubscriber<MemoryScopes> seen = AssertSubscriber.create(Long.MAX_VALUE);

    @Test
    void theSnapshotComesInPagesAndOnlyItsLastPageIsMarkedComplete() {
        ScopeWatch watch = watch(10);
        List<MemoryScope> many = IntStream.range(0, ScopeWatch.PAGE + 1).mapToObj(i -> new MemoryScope("t" + i, "db")).toList();

        watch.snapshot(many);

        assertThat(seen.getItems()).extracting(MemoryScopes::getScopesCount).containsExactly(ScopeWatch.PAGE, 1);
        assertThat(seen.getItems()).extracting(MemoryScopes::getSnapshotComplete).containsExactly(false, true);
        assertThat(seen.getItems().get(1).getScopes(0).getTenant()).isEqualTo("t" + ScopeWatch.PAGE);
    }

    @Test
    void anEmptySnapshotIsStillOneMarker() {
        watch(10).snapshot(List.of());

        assertThat(seen.getItems()).singleElement().satisfies(m -> {
            assertThat(m.getScopesCount()).isZero();
            assertThat(m.getSnapshotComplete()).isTrue();
        });
    }

    @Test
    void whatIsHeardBeforeTheSnapshotIsHeldAndSentAfterTheMarker() {
        ScopeWatch watch = watch(10);
        watch.push(GLOBEX, 42);
        assertThat(seen.getItems()).isEmpty();

        watch.snapshot(List.of(ACME));
        watch.push(ACME, 77);

        assertThat(seen.getItems()).extracting(m -> m.getScopes(0).getTenant()).containsExactly("acme", "globex", "acme");
        assertThat(seen.getItems()).allSatisfy(m -> assertThat(m.getSnapshotComplete()).isTrue());
        assertThat(seen.getItems().get(2).getRecordedAtMicros()).isEqualTo(77);
    }

    @Test
    void moreHeldThanMaxPendingBeforeTheSnapshotEndsTheStreamResourceExhausted() {
        assertAThirdUnreadPushEndsTheStream(watch(2));
    }

    @Test
    void aWatcherNotReadyForMoreThanMaxPendingPushesInARowIsEnded() {
        assertAThirdUnreadPushEndsTheStream(stalledAfterSnapshot(2));
        assertThat(seen.getItems()).as("the snapshot and the two pushes").hasSize(3);
    }

    @Test
    void aReadyTransportResetsTheCountOfUnreadMessages() {
        ScopeWatch watch = stalledAfterSnapshot(1);
        watch.push(ACME, 1);
        ready.set(true);
        watch.push(ACME, 2);
        ready.set(false);
        watch.push(ACME, 3);

        assertThat(seen.getFailure()).isNull();
        assertThat(seen.getItems()).hasSize(4);
    }

    @Test
    void anEndedStreamTakesNothingMoreAndEndsOnce() {
        ScopeWatch watch = watch(10);
        watch.complete();
        watch.end(Status.UNAVAILABLE);
        watch.snapshot(List.of(ACME));
        watch.push(ACME, 1);

        seen.assertCompleted();
        assertThat(seen.getItems()).isEmpty();
    }

    private void assertExhausted() {
        assertThat(seen.getFailure()).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
            assertThat(e.getStatus().getDescription()).contains("more than 2 messages unread", "watch.max-pending");
        });
    }

    /** With two unread messages allowed: two pushes are held, a third ends the stream RESOURCE_EXHAUSTED. */
    private void assertAThirdUnreadPushEndsTheStream(ScopeWatch watch) {
        watch.push(ACME, 1);
        watch.push(ACME, 2);
        assertThat(seen.getFailure()).isNull();

        watch.push(ACME, 3);

        assertExhausted();
    }

    /** A watch whose snapshot is out, on a transport that then takes no more messages until {@code ready} is set again. */
    private ScopeWatch stalledAfterSnapshot(int maxPending) {
        ScopeWatch watch = watch(maxPending);
        watch.snapshot(List.of());
        ready.set(false);
        return watch;
    }

    private ScopeWatch watch(int maxPending) {
        AtomicReference<MultiEmitter<? super MemoryScopes>> emitter = new AtomicReference<>();
        Multi.createFrom().<MemoryScopes>emitter(emitter::set).subscribe().withSubscriber(seen);
        return new ScopeWatch(emitter.get(), ready::get, maxPending);
    }
}
