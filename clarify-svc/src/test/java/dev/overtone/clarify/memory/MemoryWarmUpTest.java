package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.clarify.support.RememberedRows;
import io.quarkus.test.common.QuarkusTestResource;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The memory's warm-up on the real PostgreSQL: one Recall of the memory table for a tenant of the service's own, which
 * answers whatever that tenant holds and writes nothing.
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class MemoryWarmUpTest {
    @Inject
    MemoryWarmUp warmUp;
    @Inject
    Pool pool;

    @Test
    void itReadsTheMemoryOfItsOwnTenantAndChangesNothingThere() {
        long before = MemoryCalls.storedChoices(MemoryWarmUp.TENANT);
        warmUp.warmUp();
        assertThat(MemoryCalls.storedChoices(MemoryWarmUp.TENANT)).as("writes nothing").isEqualTo(before);

        Instant now = Instant.now();
        RememberedRows.remember(pool, MemoryWarmUp.TENANT, "warm-up", "rating", now, now.plusSeconds(3600));
        warmUp.warmUp();
        warmUp.warmUp();

        assertThat(MemoryCalls.storedChoices(MemoryWarmUp.TENANT)).as("a choice it holds is read, never changed nor deleted")
                .isEqualTo(before + 1);
    }
}
