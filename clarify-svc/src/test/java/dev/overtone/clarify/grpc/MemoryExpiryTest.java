package dev.overtone.clarify.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.support.Await;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.HotelDialogue;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.clarify.support.StoredRows;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.RememberedChoice;
import dev.overtone.runtime.testing.ConfigProfile;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A remembered choice expires after the configured ttl: it no longer applies, is not listed, and the cleanup deletes it. */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
@TestProfile(MemoryExpiryTest.ShortMemory.class)
class MemoryExpiryTest {

    public static class ShortMemory extends ConfigProfile {
        public ShortMemory() {
            // the clock is moved in the database, which the replica's cache of choices cannot see (real time it does:
            // ChoiceCacheTest), so this replica keeps none
            super(Map.of("overtone.clarify.memory.ttl", "3d", "overtone.clarify.sessions.cleanup-interval", "200ms",
                    "overtone.clarify.memory.cache-scopes", "0"));
        }
    }

    @GrpcClient("clarify")
    ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify;

    @Test
    void anExpiredChoiceDoesNotApplyAndIsDeleted() {
        String tenant = MemoryCalls.newTenant();
        List<RememberedChoice> chosen = clarify.choose(MemoryCalls.choose(tenant, "hotels", "score")).getRememberedList();
        assertThat(chosen).allSatisfy(c -> assertThat(Duration.between(Instant.parse(c.getChosenAt()), Instant.parse(c.getExpiresAt())))
                .isEqualTo(Duration.ofDays(3)));
        assertThat(clarify.recall(MemoryCalls.recall(tenant, "hotels", HotelDialogue.QUESTION)).getAppliedCount()).isEqualTo(1); // the reading
        assertThat(clarify.remembers(MemoryCalls.remembers(tenant, "hotels")).getRememberedList()).containsExactly(true);

        // its time passes (the clock moved by the database, not waited for)
        assertThat(StoredRows.update("UPDATE clarify_remembered_choice SET expires_at = now() - interval '1 second' WHERE tenant = ?", tenant))
                .isEqualTo(4);

        assertThat(clarify.recall(MemoryCalls.recall(tenant, "hotels", HotelDialogue.QUESTION)).getAppliedList()).isEmpty();
        assertThat(clarify.remembers(MemoryCalls.remembers(tenant, "hotels")).getRememberedList()).containsExactly(false);
        assertThat(clarify.listChoices(MemoryCalls.list(tenant, "hotels")).getChoicesList()).isEmpty();
        assertThat(clarify.start(MemoryCalls.start(tenant, "hotels")).hasQuestion()).isTrue();
        Await.until(() -> MemoryCalls.storedChoices(tenant) == 0, "the cleanup to delete the expired choices");
    }
}
