package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The cache of a database's choices: kept until a change there is heard, never a read that raced a change. */
class ChoiceCacheTest {
    private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");
    private static final MemoryScope HOTELS = new MemoryScope("acme", "hotels");
    private static final MemoryScope FLIGHTS = new MemoryScope("acme", "flights");

    private final ChoiceCache cache = new ChoiceCache(100);

    @Test
    void aReadIsServedUntilTheDatabaseChanges() {
        List<Choice> read = List.of(choice(HOTELS, NOW.plusSeconds(60)));
        cache.keep(HOTELS, cache.stamp(HOTELS), read, true);
        assertThat(cache.get(HOTELS, NOW)).contains(read);
        assertThat(cache.get(new MemoryScope("other", "hotels"), NOW)).as("another tenant's database").isEmpty();

        cache.changed(HOTELS);
        assertThat(cache.get(HOTELS, NOW)).isEmpty();
    }

    @Test
    void aForgottenChoiceIsNeverServed() {
        cache.keep(HOTELS, cache.stamp(HOTELS), List.of(choice(HOTELS, NOW.plusSeconds(60))), true);
        cache.keep(FLIGHTS, cache.stamp(FLIGHTS), List.of(choice(FLIGHTS, NOW.plusSeconds(60))), true);
        cache.forgotten(HOTELS);
        assertThat(cache.get(HOTELS, NOW)).isEmpty();
        assertThat(cache.get(FLIGHTS, NOW)).isPresent();

        cache.forgotten(new MemoryScope("acme", "")); // every database of the tenant
        assertThat(cache.get(FLIGHTS, NOW)).isEmpty();
    }

    @Test
    void aFullCacheStillTakesANewerReadOfADatabaseItHolds() {
        ChoiceCache full = new ChoiceCache(1);
        full.keep(HOTELS, full.stamp(HOTELS), List.of(choice(HOTELS, NOW.plusSeconds(60))), true);
        List<Choice> newer = List.of(choice(HOTELS, NOW.plusSeconds(60)), choice(HOTELS, NOW.plusSeconds(90)));
        full.keep(HOTELS, full.stamp(HOTELS), newer, true);
        full.keep(FLIGHTS, full.stamp(FLIGHTS), List.of(choice(FLIGHTS, NOW.plusSeconds(60))), true);

        assertThat(full.get(HOTELS, NOW)).contains(newer);
        assertThat(full.get(FLIGHTS, NOW)).as("no room for another database").isEmpty();
    }

    @Test
    void aReadThatRacedAChangeIsNotKept() {
        ChoiceCache.Stamp before = cache.stamp(HOTELS);
        cache.changed(HOTELS); // heard while the query ran: it may have read the old rows
        cache.keep(HOTELS, before, List.of(choice(HOTELS, NOW.plusSeconds(60))), true);
        assertThat(cache.get(HOTELS, NOW)).isEmpty();

        ChoiceCache.Stamp beforeForget = cache.stamp(FLIGHTS);
        cache.forgotten(new MemoryScope("acme", "")); // a tenant-wide Forget reaches a database not yet held too
        cache.keep(FLIGHTS, beforeForget, List.of(choice(FLIGHTS, NOW.plusSeconds(60))), true);
        assertThat(cache.get(FLIGHTS, NOW)).isEmpty();
    }

    @Test
    void nothingReadBeforeAResetIsServed() {
        ChoiceCache.Stamp before = cache.stamp(FLIGHTS);
        cache.keep(HOTELS, cache.stamp(HOTELS), List.of(choice(HOTELS, NOW.plusSeconds(60))), true);
        cache.reset();
        cache.keep(FLIGHTS, before, List.of(choice(FLIGHTS, NOW.plusSeconds(60))), true);
        assertThat(cache.get(HOTELS, NOW)).isEmpty();
        assertThat(cache.get(FLIGHTS, NOW)).isEmpty();
    }

    @Test
    void expiredChoicesAreLeftOutAndACutReadIsNotServedOnceAnyExpired() {
        Choice lasting = choice(HOTELS, NOW.plusSeconds(60));
        Choice expiring = choice(HOTELS, NOW.plusSeconds(1));
        cache.keep(HOTELS, cache.stamp(HOTELS), List.of(lasting, expiring), true);
        assertThat(cache.get(HOTELS, NOW.plusSeconds(2))).contains(List.of(lasting));

        cache.keep(FLIGHTS, cache.stamp(FLIGHTS), List.of(choice(FLIGHTS, NOW.plusSeconds(60)), choice(FLIGHTS, NOW.plusSeconds(1))), false);
        assertThat(cache.get(FLIGHTS, NOW)).isPresent();
        assertThat(cache.get(FLIGHTS, NOW.plusSeconds(2))).as("an older choice past the limit may now be among the newest").isEmpty();
    }

    @Test
    void aFullCacheKeepsNoMore() {
        ChoiceCache small = new ChoiceCache(1);
        small.keep(HOTELS, small.stamp(HOTELS), List.of(), true);
        small.keep(FLIGHTS, small.stamp(FLIGHTS), List.of(), true);
        assertThat(small.get(HOTELS, NOW)).contains(List.of());
        assertThat(small.get(FLIGHTS, NOW)).isEmpty();
    }

    @Test
    void theChangeCountsStayBoundedAndNoStampTakenBeforeTheyStartAfreshMatchesAgain() {
        ChoiceCache small = new ChoiceCache(1); // counts changes of at most 2 databases or tenants
        ChoiceCache.Stamp beforeAnyChange = small.stamp(HOTELS);
        small.keep(FLIGHTS, small.stamp(FLIGHTS), List.of(choice(FLIGHTS, NOW.plusSeconds(60))), true);
        small.changed(HOTELS); // a read stamped before this may hold the old rows
        for (int i = 0; i < 5; i++) {
            small.changed(new MemoryScope("acme", "db" + i));
            assertThat(small.counted()).isLessThanOrEqualTo(2);
        }

        small.keep(HOTELS, beforeAnyChange, List.of(choice(HOTELS, NOW.plusSeconds(60))), true);
        assertThat(small.get(HOTELS, NOW)).as("HOTELS counts no change again, but that stamp is of an older epoch").isEmpty();
        assertThat(small.get(FLIGHTS, NOW)).as("what was held is dropped with the counts").isEmpty();

        List<Choice> afterwards = List.of(choice(HOTELS, NOW.plusSeconds(60)));
        small.keep(HOTELS, small.stamp(HOTELS), afterwards, true);
        assertThat(small.get(HOTELS, NOW)).contains(afterwards);
    }

    /** A choice of this scope, made a minute before {@link #NOW} (also MemoryListenerTest's). */
    static Choice choice(MemoryScope scope, Instant expiresAt) {
        return new Choice(UUID.randomUUID(), scope.tenant(), scope.database(), "select", "rating", "reviews.score", List.of("hotels.stars"),
                "the review score", "the rating of each hotel", Choice.Source.CALLER, NOW.minusSeconds(60), expiresAt);
    }
}
