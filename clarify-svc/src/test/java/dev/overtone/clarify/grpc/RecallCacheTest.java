package dev.overtone.clarify.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.memory.MemoryScope;
import dev.overtone.clarify.memory.ScopeNotice;
import dev.overtone.clarify.support.Await;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.HotelDialogue;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.clarify.support.StoredRows;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.RecallRequest;
import dev.overtone.proto.v1.RecallResponse;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * Recall's cache of a database's choices against a real PostgreSQL: a choice recorded or forgotten here is met by the
 * next Recall, and one forgotten on another replica (a transaction of its own that deletes and notifies, as another
 * replica's Forget does) stops being served as soon as its notice is heard.
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class RecallCacheTest {

    @GrpcClient("clarify")
    ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify;

    @Test
    void aChoiceRecordedHereIsRecalledAtOnceThoughTheDatabaseWasReadBefore() {
        String tenant = MemoryCalls.newTenant();
        assertThat(recall(tenant).getAnyRemembered()).isFalse(); // read, and kept
        clarify.choose(MemoryCalls.choose(tenant, "hotels", "score"));
        assertThat(recall(tenant).getAppliedList()).isNotEmpty();
    }

    @Test
    void aChoiceForgottenHereIsNeverRecalledAfterForgetReplies() {
        String tenant = MemoryCalls.newTenant();
        clarify.choose(MemoryCalls.choose(tenant, "hotels", "score"));
        clarify.choose(MemoryCalls.choose(tenant, "flights", "score"));
        assertThat(recall(tenant).getAppliedList()).isNotEmpty();
        assertThat(recall(tenant, "flights").getAppliedList()).isNotEmpty();

        clarify.forget(MemoryCalls.forget(tenant, "hotels", ""));
        assertThat(recall(tenant).getAnyRemembered()).isFalse();
        clarify.forget(MemoryCalls.forget(tenant, "", "")); // every database of the tenant
        assertThat(recall(tenant, "flights").getAnyRemembered()).isFalse();
    }

    @Test
    void aChoiceForgottenOnAnotherReplicaStopsBeingServedWhenItsNoticeIsHeard() throws SQLException {
        String tenant = MemoryCalls.newTenant();
        clarify.choose(MemoryCalls.choose(tenant, "hotels", "score"));
        assertThat(recall(tenant).getAppliedList()).isNotEmpty();

        // deleted without a notice (no replica does this): the cache still holds it, which is what the notice is for
        StoredRows.update("DELETE FROM clarify_remembered_choice WHERE tenant = ?", tenant);
        assertThat(recall(tenant).getAppliedList()).as("served from the cache").isNotEmpty();

        try (Connection replica = StoredRows.connect(); PreparedStatement notify = replica.prepareStatement("SELECT pg_notify(?, ?)")) {
            notify.setString(1, ScopeNotice.FORGOTTEN_CHANNEL);
            notify.setString(2, new ScopeNotice(new MemoryScope(tenant, "hotels"), "elsewhere", 1).payload());
            notify.execute();
        }
        Await.until(() -> !recall(tenant).getAnyRemembered(), "the other replica's Forget to reach this replica's cache");
    }

    private RecallResponse recall(String tenant) {
        return recall(tenant, "hotels");
    }

    private RecallResponse recall(String tenant, String database) {
        RecallRequest r = MemoryCalls.recall(tenant, database, HotelDialogue.QUESTION).toBuilder()
                .clearCandidates().addAllCandidates(MemoryCalls.analysed(MemoryCalls.candidates())).build();
        return clarify.recall(r);
    }
}
