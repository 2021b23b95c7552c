package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.clarify.support.RememberedRows;
import io.quarkus.test.common.QuarkusTestResource;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The remembered choices as read from PostgreSQL: one tenant's database only, unexpired only, newest first; which
 * scopes remember anything (rows written straight into the table: {@link RememberedRows}).
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class ChoiceLookupTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @Inject
    ChoiceLookup lookup;

    @Inject
    Pool pool;

    @Test
    void aDatabasesUnexpiredChoicesNewestFirstAndNoOtherTenantsOrDatabases() {
        String tenant = MemoryCalls.newTenant();
        Instant now = Instant.now();
        UUID older = remember(tenant, "hotels", "stars", now.minusSeconds(60), now.plusSeconds(3600));
        UUID newer = remember(tenant, "hotels", "score", now.minusSeconds(10), now.plusSeconds(3600));
        remember(tenant, "hotels", "expired", now.minusSeconds(30), now.minusSeconds(1));
        remember(tenant, "flights", "fare", now.minusSeconds(5), now.plusSeconds(3600));
        remember(MemoryCalls.newTenant(), "hotels", "theirs", now.minusSeconds(5), now.plusSeconds(3600));

        List<Choice> read = lookup.candidates(tenant, "hotels").await().atMost(WAIT);

        assertThat(read).extracting(Choice::id).containsExactly(newer, older);
        assertThat(read.get(0)).satisfies(c -> {
            assertThat(c.tenant()).isEqualTo(tenant);
            assertThat(c.database()).isEqualTo("hotels");
            assertThat(c.clause()).isEqualTo("select");
            assertThat(c.chosenValue()).isEqualTo("reviews.score");
            assertThat(c.rejectedValues()).containsExactly("hotels.stars", "hotels.price");
            assertThat(c.source()).isEqualTo(Choice.Source.CALLER);
        });
        assertThat(lookup.candidates(tenant, "trains").await().atMost(WAIT)).as("a database that remembers nothing").isEmpty();
    }

    @Test
    void whichScopesRememberAnUnexpiredChoice() {
        String tenant = MemoryCalls.newTenant();
        Instant now = Instant.now();
        remember(tenant, "hotels", "score", now.minusSeconds(10), now.plusSeconds(3600));
        remember(tenant, "flights", "fare", now.minusSeconds(30), now.minusSeconds(1));
        MemoryScope hotels = new MemoryScope(tenant, "hotels");
        MemoryScope flights = new MemoryScope(tenant, "flights");
        MemoryScope elsewhere = new MemoryScope(MemoryCalls.newTenant(), "hotels");

        assertThat(lookup.remembering(List.of(hotels, flights, elsewhere)).await().atMost(WAIT)).containsExactly(hotels);
        assertThat(lookup.remembering().await().atMost(WAIT)).contains(hotels).doesNotContain(flights, elsewhere);
    }

    private UUID remember(String tenant, String database, String term, Instant chosenAt, Instant expiresAt) {
        return RememberedRows.remember(pool, tenant, database, term, chosenAt, expiresAt);
    }
}
