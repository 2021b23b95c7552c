package dev.overtone.clarify.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.memory.MemoryEchoes;
import dev.overtone.clarify.memory.MemoryListener;
import dev.overtone.clarify.memory.MemoryScope;
import dev.overtone.clarify.memory.ScopeNotice;
import dev.overtone.clarify.support.Await;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.clarify.support.StoredRows;
import dev.overtone.clarify.support.Watcher;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.MemoryScopes;
import dev.overtone.proto.v1.MutinyClarifyServiceGrpc;
import dev.overtone.proto.v1.WatchMemoryRequest;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * WatchMemory over gRPC against a real PostgreSQL: the snapshot holds the databases with unexpired choices, then a
 * choice recorded on this replica or on any other (a transaction of its own that notifies, as another replica's does) is
 * pushed at its commit.
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class WatchMemoryTest {

    @GrpcClient("clarify")
    ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify;

    @Inject
    MeterRegistry registry;

    @GrpcClient("clarify")
    MutinyClarifyServiceGrpc.MutinyClarifyServiceStub async;

    @Inject
    MemoryListener listener;

    @Test
    void theSnapshotHoldsEveryDatabaseWithAnUnexpiredChoiceAndNoOther() {
        String tenant = MemoryCalls.newTenant();
        String expired = MemoryCalls.newTenant();
        clarify.choose(MemoryCalls.choose(tenant, "hotels", "score"));
        clarify.choose(MemoryCalls.choose(expired, "hotels", "score"));
        StoredRows.update("UPDATE clarify_remembered_choice SET expires_at = now() - interval '1 second' WHERE tenant = ?", expired);

        try (Watcher watcher = new Watcher(async, listener).awaitSynced()) {
            assertThat(watcher.snapshot()).extracting(s -> s.getTenant() + "/" + s.getDatabase())
                    .contains(tenant + "/hotels")
                    .doesNotContain(expired + "/hotels", tenant + "/other");
            assertThat(watcher.messages).filteredOn(MemoryScopes::getSnapshotComplete).first()
                    .satisfies(m -> assertThat(m.getRecordedAtMicros()).isZero());
        }
    }

    @Test
    void aChoiceRecordedHereIsPushedBeforeChooseReplies() {
        String tenant = MemoryCalls.newTenant();
        try (Watcher watcher = new Watcher(async, listener).awaitSynced(); Watcher second = new Watcher(async, listener).awaitSynced()) {
            long before = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
            double heard = registry.counter(MemoryEchoes.COUNTER, "outcome", "heard").count();
            clarify.choose(MemoryCalls.choose(tenant, "hotels", "score"));
            assertThat(registry.counter(MemoryEchoes.COUNTER, "outcome", "heard").count())
                    .as("Choose replied after this replica heard its own notification").isEqualTo(heard + 1);

            Await.until(() -> watcher.pushed(tenant, "hotels") && second.pushed(tenant, "hotels"), "the choice to reach both watchers");
            assertThat(watcher.pushedMessage(tenant, "hotels").getRecordedAtMicros()).isGreaterThanOrEqualTo(before);
            assertThat(watcher.pushed(tenant, "other")).isFalse();
        }
    }

    @Test
    void aForgetOfOneDatabaseOrOfEveryOneIsPushedAsForgottenNotAsARecord() {
        String tenant = MemoryCalls.newTenant();
        String id = clarify.choose(MemoryCalls.choose(tenant, "hotels", "score")).getRemembered(0).getId();
        try (Watcher watcher = new Watcher(async, listener).awaitSynced()) {
            clarify.forget(MemoryCalls.forget(tenant, "hotels", id));
            Await.until(() -> watcher.forgotten(tenant, "hotels"), "the forget to reach the watcher");

            clarify.forget(MemoryCalls.forget(tenant, "", ""));
            Await.until(() -> watcher.forgotten(tenant, ""), "the forget of every database to reach the watcher");
            assertThat(watcher.messages).filteredOn(m -> m.getForgottenCount() > 0).as("a forget is not a record")
                    .allSatisfy(m -> assertThat(m.getScopesList()).isEmpty());
            assertThat(watcher.messages).as("this replica pushes forgets").allSatisfy(m -> assertThat(m.getPushesForgets()).isTrue());
        }
    }

    @Test
    void aChoiceAnotherReplicaCommitsIsPushedAtItsCommit() throws SQLException {
        String tenant = MemoryCalls.newTenant();
        try (Watcher watcher = new Watcher(async, listener).awaitSynced(); Connection replica = StoredRows.connect()) {
            replica.setAutoCommit(false);
            try (PreparedStatement notify = replica.prepareStatement("SELECT pg_notify(?, ?)")) {
                notify.setString(1, ScopeNotice.CHANNEL);
                notify.setString(2, new ScopeNotice(new MemoryScope(tenant, "flights:2"), "elsewhere", 1).payload());
                notify.execute();
            }
            replica.rollback(); // never committed: never pushed
            try (PreparedStatement notify = replica.prepareStatement("SELECT pg_notify(?, ?)")) {
                notify.setString(1, ScopeNotice.CHANNEL);
                notify.setString(2, new ScopeNotice(new MemoryScope(tenant, "hotels"), "elsewhere", 2).payload());
                notify.execute();
            }
            replica.commit();

            Await.until(() -> watcher.pushed(tenant, "hotels"), "the other replica's choice to be pushed");
            assertThat(watcher.pushed(tenant, "flights:2")).isFalse();
        }
    }

    @Test
    void aWatcherThatStopsReadingHasItsStreamEndedInsteadOfBufferedFor() throws SQLException {
        String tenant = MemoryCalls.newTenant();
        // this watcher alone: the server ends every watcher that reads no more, and another's end must not be taken for its
        Await.until(() -> watches() == 0, "the other tests' watches to close");
        ManagedChannel channel = Grpc.newChannelBuilderForAddress("localhost",
                ConfigProvider.getConfig().getValue("quarkus.grpc.clients.clarify.port", Integer.class), InsecureChannelCredentials.create()).build();
        AtomicReference<Status> ended = new AtomicReference<>();
        // counted, not kept: thousands may arrive at once when the watcher reads again
        AtomicInteger read = new AtomicInteger();
        AtomicBoolean snapshotRead = new AtomicBoolean();
        ClientCall<WatchMemoryRequest, MemoryScopes> call = channel.newCall(ClarifyServiceGrpc.getWatchMemoryMethod(), CallOptions.DEFAULT);
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onMessage(MemoryScopes message) {
                read.incrementAndGet();
                if (message.getSnapshotComplete()) {
                    snapshotRead.set(true);
                }
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
                ended.set(status);
            }
        }, new Metadata());
        call.sendMessage(WatchMemoryRequest.getDefaultInstance());
        call.halfClose();
        try {
            call.request(1_000); // the snapshot, then it reads no more: the rest waits in flow control
            Await.until(snapshotRead::get, "the snapshot");
            assertThat(watches()).isEqualTo(1);
            // far more than the client's flow-control window (1 MiB) and watch.max-pending hold: 40,000 databases gain a
            // choice at one commit
            StoredRows.value("SELECT count(*) FROM (SELECT pg_notify(?, ? || g) FROM generate_series(1, 40000) g) AS sent",
                    ScopeNotice.CHANNEL, new ScopeNotice(new MemoryScope(tenant, "db-"), "slow", 1).payload());
            // the watcher reads nothing more until the server has ended its stream (a read before would make it ready again)
            Await.until(() -> watches() == 0, "the server to end the slow watcher's stream");

            call.request(Integer.MAX_VALUE); // what was sent, then the status behind it
            Await.until(() -> ended.get() != null, "the slow watcher to read its stream's end");
            assertThat(ended.get().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
            assertThat(ended.get().getDescription()).contains("watch.max-pending");
            assertThat(read.get()).as("pushed before the end").isLessThan(40_000);
        } finally {
            call.cancel("done", null);
            channel.shutdownNow();
        }
    }

    private int watches() {
        return listener.watching();
    }
}
