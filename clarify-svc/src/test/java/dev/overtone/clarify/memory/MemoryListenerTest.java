package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.support.Await;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.RecordedParserTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * This replica's LISTEN over a real PostgreSQL: a notice sent by any transaction (here a plain {@code pg_notify}, as
 * another replica's recording or forgetting transaction sends it) drops what it names from this replica's cache, and
 * nothing else.
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class MemoryListenerTest {
    private static final Instant LATER = Instant.now().plus(Duration.ofDays(1));

    @Inject
    MemoryListener listener;

    @Inject
    ChoiceCache cache;

    @Inject
    Pool pool;

    @BeforeEach
    void listening() {
        Await.until(listener::listening, "clarify-svc's LISTEN on both channels");
        assertThat(listener.cacheable()).isTrue();
    }

    @Test
    void aRecordHeardDropsItsDatabaseFromTheCacheAndNoOther() {
        String tenant = MemoryCalls.newTenant();
        MemoryScope hotels = cached(new MemoryScope(tenant, "hotels"));
        MemoryScope flights = cached(new MemoryScope(tenant, "flights"));

        notify(ScopeNotice.CHANNEL, new ScopeNotice(hotels, "elsewhere", 1L));

        Await.until(() -> cache.get(hotels, Instant.now()).isEmpty(), "the recorded database dropped from the cache");
        assertThat(cache.get(flights, Instant.now())).as("another database of the tenant").isPresent();
    }

    @Test
    void aForgetOfEveryDatabaseDropsEachOfTheTenantsDatabasesButNotAnotherTenants() {
        String tenant = MemoryCalls.newTenant();
        MemoryScope hotels = cached(new MemoryScope(tenant, "hotels"));
        MemoryScope flights = cached(new MemoryScope(tenant, "flights"));
        MemoryScope theirs = cached(new MemoryScope(MemoryCalls.newTenant(), "hotels"));

        notify(ScopeNotice.FORGOTTEN_CHANNEL, new ScopeNotice(new MemoryScope(tenant, ""), "elsewhere", 1L));

        Await.until(() -> cache.get(hotels, Instant.now()).isEmpty() && cache.get(flights, Instant.now()).isEmpty(),
                "every database of the tenant dropped from the cache");
        assertThat(cache.get(theirs, Instant.now())).as("another tenant's database").isPresent();
    }

    @Test
    void aPayloadThisCodeDidNotWriteChangesNothing() {
        MemoryScope hotels = cached(new MemoryScope(MemoryCalls.newTenant(), "hotels"));
        MemoryScope marker = cached(new MemoryScope(MemoryCalls.newTenant(), "hotels"));

        pool.preparedQuery("SELECT pg_notify($1, $2)").execute(Tuple.of(ScopeNotice.CHANNEL, "not:a notice of ours")).await().atMost(Duration.ofSeconds(10));
        notify(ScopeNotice.CHANNEL, new ScopeNotice(marker, "elsewhere", 1L)); // heard after the first: the channel keeps order

        Await.until(() -> cache.get(marker, Instant.now()).isEmpty(), "the notice sent after the stray payload");
        assertThat(cache.get(hotels, Instant.now())).isPresent();
        assertThat(listener.listening()).isTrue();
    }

    /** The scope with one choice kept in this replica's cache. */
    private MemoryScope cached(MemoryScope scope) {
        cache.keep(scope, cache.stamp(scope), List.of(ChoiceCacheTest.choice(scope, LATER)), true);
        assertThat(cache.get(scope, Instant.now())).isPresent();
        return scope;
    }

    private void notify(String channel, ScopeNotice notice) {
        pool.preparedQuery("SELECT pg_notify($1, $2)").execute(Tuple.of(channel, notice.payload())).await().atMost(Duration.ofSeconds(10));
    }
}
