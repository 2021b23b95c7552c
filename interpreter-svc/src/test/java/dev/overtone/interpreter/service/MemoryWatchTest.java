package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.interpreter.service.MemoryProbes.Scope;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.MemoryScope;
import dev.overtone.proto.v1.MemoryScopes;
import dev.overtone.proto.v1.WatchMemoryRequest;
import dev.overtone.runtime.testing.GrpcCleanup;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * MemoryWatch over real gRPC against a clarify-svc whose WatchMemory the test drives: answered locally only while the
 * stream is up and its snapshot complete, keyed by tenant and database; a lost stream answers nothing (the caller asks)
 * until a new snapshot, which holds what was recorded while it was down.
 */
class MemoryWatchTest {
    private static final Scope HOTELS = new Scope("demo", "hotels");
    private static final Scope SHOP = new Scope("demo", "shop");
    private static final Scope OTHER_TENANTS_HOTELS = new Scope("other", "hotels");

    private final BlockingQueue<StreamObserver<MemoryScopes>> subscriptions = new LinkedBlockingQueue<>();
    private final List<Long> lags = new CopyOnWriteArrayList<>();
    @RegisterExtension
    final GrpcCleanup grpc = new GrpcCleanup();
    private MemoryWatch watch;

    @BeforeEach
    void serve() throws Exception {
        // a service definition, not a BindableService class: Quarkus would serve one found among the test classes
        // as every @QuarkusTest's clarify-svc, in place of the fake
        ServerServiceDefinition clarify = ServerServiceDefinition.builder(ClarifyServiceGrpc.SERVICE_NAME)
                .addMethod(ClarifyServiceGrpc.getWatchMemoryMethod(),
                        ServerCalls.asyncServerStreamingCall((WatchMemoryRequest request, StreamObserver<MemoryScopes> out) -> subscriptions.add(out)))
                .build();
        Server server = grpc.register(Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create()).addService(clarify).build().start());
        ManagedChannel channel = grpc.register(
                Grpc.newChannelBuilderForAddress("localhost", server.getPort(), InsecureChannelCredentials.create()).build());
        watch = new MemoryWatch(() -> ClarifyServiceGrpc.newBlockingStub(channel).watchMemory(WatchMemoryRequest.getDefaultInstance()),
                new MemoryWatch.Settings(Duration.ofMillis(10), Duration.ofMillis(50)), lags::add);
    }

    @AfterEach
    void stop() throws InterruptedException {
        watch.close();
        assertThat(watch.awaitClosed(10, TimeUnit.SECONDS)).as("the follower ended").isTrue();
    }

    @Test
    void answersFromThePushedSetOnlyOnceTheSnapshotIsCompleteAndByTenantAndDatabase() throws InterruptedException {
        assertThat(watch.remembers(HOTELS)).as("not subscribed yet: ask").isEmpty();
        StreamObserver<MemoryScopes> stream = next();
        stream.onNext(scopes(false, 0, HOTELS));
        stream.onNext(scopes(false, 0));
        assertThat(watch.remembers(HOTELS)).as("the snapshot is not complete: ask").isEmpty();

        stream.onNext(scopes(true, 0, SHOP));
        soon().until(watch::synced);
        assertThat(watch.remembers(HOTELS)).contains(true);
        assertThat(watch.remembers(SHOP)).contains(true);
        assertThat(watch.remembers(OTHER_TENANTS_HOTELS)).as("another tenant's database of the same name").contains(false);
        assertThat(watch.remembers(new Scope("demo", "flights"))).contains(false);

        long recorded = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
        stream.onNext(scopes(true, recorded, OTHER_TENANTS_HOTELS));
        soon().until(() -> watch.remembers(OTHER_TENANTS_HOTELS).orElse(false));
        assertThat(lags).hasSize(1).allSatisfy(lag -> assertThat(lag).isNotNegative());
    }

    @Test
    void aLostStreamAnswersNothingUntilANewSnapshotWhichHoldsWhatWasRecordedMeanwhile() throws InterruptedException {
        syncedOn(scopes(true, 0, SHOP));
        assertThat(watch.remembers(HOTELS)).contains(false);

        subscriptions.clear();
        // the stream the follower holds now is the one it subscribed to; end it as a drained replica does
        lastSubscription.onError(Status.UNAVAILABLE.withDescription("shutting down").asRuntimeException());
        soon().until(() -> !watch.synced());
        assertThat(watch.remembers(HOTELS)).as("down: the caller asks").isEmpty();

        StreamObserver<MemoryScopes> again = next(); // subscribed again, after its backoff
        assertThat(watch.remembers(HOTELS)).as("not synced yet: the caller asks").isEmpty();
        again.onNext(scopes(true, 0, SHOP, HOTELS)); // HOTELS recorded while the stream was down
        soon().until(watch::synced);
        assertThat(watch.remembers(HOTELS)).contains(true);
    }

    @Test
    void aStreamEndedAtItsMaxAgeIsFollowedByAFreshSnapshotThatDropsWhatWasForgotten() throws InterruptedException {
        syncedOn(scopes(true, 0, HOTELS));
        assertThat(watch.remembers(HOTELS)).contains(true);

        lastSubscription.onCompleted();
        StreamObserver<MemoryScopes> again = next();
        again.onNext(scopes(true, 0)); // HOTELS' choices forgotten meanwhile: not in the new snapshot
        soon().until(() -> watch.remembers(HOTELS).equals(Optional.of(false)));
    }

    @Test
    void eachRecordOrForgetHeardAfterTheSnapshotChangesTheStampOfItsDatabaseOrOfEveryDatabaseOfItsTenant() throws InterruptedException {
        assertThat(watch.stamp(HOTELS)).as("not synced: nothing may be kept").isEmpty();
        assertThat(watch.sinceChange(HOTELS, System.nanoTime())).isEmpty();
        StreamObserver<MemoryScopes> stream = syncedOn(scopes(true, 0, HOTELS));
        MemoryWatch.Stamp hotels = watch.stamp(HOTELS).orElseThrow();
        MemoryWatch.Stamp shop = watch.stamp(SHOP).orElseThrow();
        MemoryWatch.Stamp others = watch.stamp(OTHER_TENANTS_HOTELS).orElseThrow();
        assertThat(watch.sinceChange(HOTELS, System.nanoTime())).as("the sync counts as a change heard").isPresent();

        stream.onNext(scopes(true, 1, SHOP)); // SHOP records a choice
        soon().until(() -> !watch.stamp(SHOP).equals(Optional.of(shop)));
        assertThat(watch.stamp(HOTELS)).as("another database's record").contains(hotels);
        assertThat(watch.sinceChange(SHOP, System.nanoTime())).isPresent();

        stream.onNext(forgotten(HOTELS)); // HOTELS forgets one
        soon().until(() -> !watch.stamp(HOTELS).equals(Optional.of(hotels)));
        assertThat(watch.remembers(HOTELS)).as("it may remember others: still asked").contains(true);
        MemoryWatch.Stamp shopNow = watch.stamp(SHOP).orElseThrow();
        MemoryWatch.Stamp hotelsNow = watch.stamp(HOTELS).orElseThrow();

        stream.onNext(forgotten(new Scope("demo", ""))); // the tenant forgets everywhere
        soon().until(() -> !watch.stamp(SHOP).equals(Optional.of(shopNow)));
        assertThat(watch.stamp(HOTELS)).isNotEqualTo(Optional.of(hotelsNow));
        assertThat(watch.stamp(OTHER_TENANTS_HOTELS)).as("another tenant's").contains(others);
    }

    @Test
    void aNewStreamChangesEveryStamp() throws InterruptedException {
        syncedOn(scopes(true, 0, HOTELS));
        MemoryWatch.Stamp before = watch.stamp(OTHER_TENANTS_HOTELS).orElseThrow();

        lastSubscription.onCompleted(); // changes may be missed between two streams
        next().onNext(scopes(true, 0, HOTELS));
        soon().until(() -> watch.stamp(OTHER_TENANTS_HOTELS).map(s -> !s.equals(before)).orElse(false));
    }

    @Test
    void aStreamOfAServerThatPushesNoForgetsGivesNoStamp() throws InterruptedException {
        syncedOn(scopes(true, 0, HOTELS).toBuilder().setPushesForgets(false).build()); // an older clarify-svc replica

        assertThat(watch.remembers(HOTELS)).contains(true);
        assertThat(watch.stamp(HOTELS)).as("a forget would never be heard: nothing may be kept").isEmpty();
    }

    private StreamObserver<MemoryScopes> lastSubscription;

    /** Subscribes the watch (its first question does), pushes {@code snapshot} and waits until the watch is synced. */
    private StreamObserver<MemoryScopes> syncedOn(MemoryScopes snapshot) throws InterruptedException {
        watch.remembers(HOTELS);
        StreamObserver<MemoryScopes> stream = next();
        stream.onNext(snapshot);
        soon().until(watch::synced);
        return stream;
    }

    private static ConditionFactory soon() {
        return Awaitility.await().atMost(Duration.ofSeconds(10));
    }

    private StreamObserver<MemoryScopes> next() throws InterruptedException {
        lastSubscription = subscriptions.poll(10, TimeUnit.SECONDS);
        assertThat(lastSubscription).as("the watch subscribed").isNotNull();
        return lastSubscription;
    }

    private static MemoryScopes forgotten(Scope scope) {
        return MemoryScopes.newBuilder().setSnapshotComplete(true).setPushesForgets(true)
                .addForgotten(MemoryScope.newBuilder().setTenant(scope.tenant()).setDatabase(scope.database())).build();
    }

    private static MemoryScopes scopes(boolean complete, long recordedAtMicros, Scope... scopes) {
        MemoryScopes.Builder m = MemoryScopes.newBuilder().setSnapshotComplete(complete).setRecordedAtMicros(recordedAtMicros)
                .setPushesForgets(true);
        for (Scope s : scopes) {
            m.addScopes(MemoryScope.newBuilder().setTenant(s.tenant()).setDatabase(s.database()));
        }
        return m.build();
    }
}
