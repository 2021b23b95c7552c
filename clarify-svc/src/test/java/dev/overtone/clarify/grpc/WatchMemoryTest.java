package dev.overtone.clarify.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.memory.MemoryScope;
import dev.overtone.clarify.memory.ScopeNotice;
import dev.overtone.clarify.support.Await;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.FakeParserResource;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.StoredRows;
import dev.overtone.clarify.support.Watcher;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.MemoryScopes;
import dev.overtone.proto.v1.MutinyClarifyServiceGrpc;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

/**
 * WatchMemory over gRPC against a real PostgreSQL: the snapshot holds the databases with unexpired choices, then a
 * choice recorded on this replica or on any other (a transaction of its own that notifies, as another replica's does) is
 * pushed at its commit.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
@QuarkusTestResource(value = FakeParserResource.class, restrictToAnnotatedClass = true)
class WatchMemoryTest {

    @GrpcClient("clarify")
    ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify;

    @GrpcClient("clarify")
    MutinyClarifyServiceGrpc.MutinyClarifyServiceStub async;

    @Test
    void theSnapshotHoldsEveryDatabaseWithAnUnexpiredChoiceAndNoOther() {
        String tenant = MemoryCalls.newTenant();
        String expired = MemoryCalls.newTenant();
        clarify.choose(MemoryCalls.choose(tenant, "hotels", "score"));
        clarify.choose(MemoryCalls.choose(expired, "hotels", "score"));
        StoredRows.update("UPDATE clarify_remembered_choice SET expires_at = now() - interval '1 second' WHERE tenant = ?", expired);

        try (Watcher watcher = new Watcher(async).awaitSynced()) {
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
        try (Watcher watcher = new Watcher(async).awaitSynced(); Watcher second = new Watcher(async).awaitSynced()) {
            long before = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
            clarify.choose(MemoryCalls.choose(tenant, "hotels", "score"));

            Await.until(() -> watcher.pushed(tenant, "hotels") && second.pushed(tenant, "hotels"), "the choice to reach both watchers");
            assertThat(watcher.pushedMessage(tenant, "hotels").getRecordedAtMicros()).isGreaterThanOrEqualTo(before);
            assertThat(watcher.pushed(tenant, "other")).isFalse();
        }
    }

    @Test
    void aChoiceAnotherReplicaCommitsIsPushedAtItsCommit() throws SQLException {
        String tenant = MemoryCalls.newTenant();
        try (Watcher watcher = new Watcher(async).awaitSynced(); Connection replica = StoredRows.connect()) {
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
}
