package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.service.ClarifyException;
import dev.overtone.clarify.support.Await;
import dev.overtone.proto.v1.MemoryScopes;
import dev.overtone.runtime.testing.ConfigStub;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.helpers.test.AssertSubscriber;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * WatchMemory's stream on a real Vert.x timer, with the listener's state and the snapshot given: refused when memory is
 * off or nothing listens, the snapshot first, ended after its max age, and forgotten by the listener once it ends.
 */
class MemoryWatchesTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    private final Vertx vertx = Vertx.vertx();
    private boolean listening = true;
    private Uni<List<MemoryScope>> snapshot = Uni.createFrom().item(List.of(new MemoryScope("acme", "hotels")));

    @AfterEach
    void close() {
        vertx.close().toCompletionStage().toCompletableFuture().join();
    }

    @Test
    void memoryOffRefusesEveryWatchSayingWhy() {
        MemoryWatches watches = watches(false, Duration.ofMinutes(5));

        assertThatThrownBy(() -> watches.watch(() -> true)).isInstanceOfSatisfying(ClarifyException.class, e -> {
            assertThat(e.kind()).isEqualTo(ClarifyException.Kind.FAILED_PRECONDITION);
            assertThat(e.getMessage()).contains("overtone.clarify.memory.enabled=false");
        });
    }

    @Test
    void aReplicaNotListeningEndsTheStreamUnavailableAndKeepsNoWatch() {
        listening = false;
        MemoryWatches watches = watches(true, Duration.ofMinutes(5));

        AssertSubscriber<MemoryScopes> seen = watches.watch(() -> true).subscribe().withSubscriber(AssertSubscriber.create(10));

        assertStatus(seen.awaitFailure(WAIT).getFailure(), Status.Code.UNAVAILABLE, "not listening to PostgreSQL");
        assertThat(watches.listener.watching()).isZero();
    }

    @Test
    void theSnapshotComesFirstAndTheStreamEndsAfterItsMaxAgeLeavingNoWatch() {
        MemoryWatches watches = watches(true, Duration.ofMillis(300));

        AssertSubscriber<MemoryScopes> seen = watches.watch(() -> true).subscribe().withSubscriber(AssertSubscriber.create(10));

        seen.awaitCompletion(WAIT);
        assertThat(seen.getItems()).singleElement().satisfies(m -> {
            assertThat(m.getSnapshotComplete()).isTrue();
            assertThat(m.getScopes(0).getTenant()).isEqualTo("acme");
        });
        // the emitter drops the watch on termination, after it has told the subscriber: waited for, not assumed
        Await.until(() -> watches.listener.watching() == 0, "the ended stream's watch removed");
    }

    @Test
    void aCallerThatCancelsIsNoLongerWatched() {
        MemoryWatches watches = watches(true, Duration.ofMinutes(5));

        AssertSubscriber<MemoryScopes> seen = watches.watch(() -> true).subscribe().withSubscriber(AssertSubscriber.create(10));
        seen.awaitItems(1, WAIT);
        assertThat(watches.listener.watching()).isEqualTo(1);

        seen.cancel();
        assertThat(watches.listener.watching()).isZero();
    }

    @Test
    void aSnapshotThatCannotBeReadEndsTheStreamUnavailable() {
        snapshot = Uni.createFrom().failure(new IllegalStateException("connection refused"));
        MemoryWatches watches = watches(true, Duration.ofMinutes(5));

        AssertSubscriber<MemoryScopes> seen = watches.watch(() -> true).subscribe().withSubscriber(AssertSubscriber.create(10));

        assertStatus(seen.awaitFailure(WAIT).getFailure(), Status.Code.UNAVAILABLE,
                "could not read which databases remember a choice: connection refused");
        assertThat(watches.listener.watching()).isZero();
    }

    private static void assertStatus(Throwable failure, Status.Code code, String words) {
        assertThat(failure).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(code);
            assertThat(e.getStatus().getDescription()).contains(words);
        });
    }

    private MemoryWatches watches(boolean enabled, Duration maxAge) {
        MemoryWatches watches = new MemoryWatches();
        watches.config = ConfigStub.of(ClarifyConfig.class, Map.of("memory", ConfigStub.of(ClarifyConfig.Memory.class, Map.of(
                "enabled", enabled,
                "watch", ConfigStub.of(ClarifyConfig.Watch.class, Map.of("maxAge", maxAge, "maxPending", 100))))));
        // anonymous: no CDI bean of the module's @QuarkusTest apps
        watches.listener = new MemoryListener() {
            @Override
            public boolean listening() {
                return listening;
            }
        };
        watches.lookup = new ChoiceLookup() {
            @Override
            public Uni<List<MemoryScope>> remembering() {
                return snapshot;
            }
        };
        watches.vertx = vertx;
        return watches;
    }
}
