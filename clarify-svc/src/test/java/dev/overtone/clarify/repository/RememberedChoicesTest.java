package dev.overtone.clarify.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.memory.Choice;
import dev.overtone.clarify.memory.ForkChoice;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.RecordedParserTest;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The memory's rows on the real PostgreSQL: one row per fork however it was chosen, refreshed by a later choice; pages
 * newest first that skip expired rows; every read and delete within the tenant (and database) asked.
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class RememberedChoicesTest {
    private static final Duration TTL = Duration.ofDays(1);
    private static final ForkChoice STARS_OVER_SCORE = new ForkChoice("select", "Rating", "hotels.stars", List.of("reviews.score"), "stars");
    private static final ForkChoice SCORE_OVER_STARS = new ForkChoice("select", "rating", "reviews.score", List.of("hotels.stars"), "score");

    @Test
    void aForkIsOneKeyWhicheverValueWasChosenAndWhateverTheTermsCase() {
        assertThat(RememberedChoices.forkKey(STARS_OVER_SCORE, "q")).isEqualTo(RememberedChoices.forkKey(SCORE_OVER_STARS, "other q"));
        assertThat(RememberedChoices.forkKey(new ForkChoice("where", "rating", "reviews.score", List.of("hotels.stars"), "score"), "q"))
                .as("another clause").isNotEqualTo(RememberedChoices.forkKey(SCORE_OVER_STARS, "q"));
        assertThat(RememberedChoices.forkKey(new ForkChoice("select", "rating", "reviews.score", List.of("hotels.price"), "score"), "q"))
                .as("other values").isNotEqualTo(RememberedChoices.forkKey(SCORE_OVER_STARS, "q"));
    }

    @Test
    void aWholeReadingIsKeyedByItsQuestionAloneSpacingAndFinalMarkAside() {
        ForkChoice stars = ForkChoice.reading("SELECT name, stars FROM hotels", "the stars");
        ForkChoice score = ForkChoice.reading("SELECT name, AVG(score) FROM reviews GROUP BY name", "the score");

        assertThat(RememberedChoices.forkKey(stars, "The rating of  each hotel?"))
                .isEqualTo(RememberedChoices.forkKey(score, "the rating of each hotel"))
                .isNotEqualTo(RememberedChoices.forkKey(score, "the price of each hotel"));
    }

    @Test
    void aLaterChoiceAtTheSameForkRefreshesItsRowKeepingItsId() throws Throwable {
        String tenant = MemoryCalls.newTenant();
        Instant first = Instant.now().minusSeconds(60);

        Choice before = await(() -> RememberedChoices.upsert(tenant, "hotels", "q", Choice.Source.DIALOGUE, STARS_OVER_SCORE, first, TTL));
        Choice after = await(() -> RememberedChoices.upsert(tenant, "hotels", "q2", Choice.Source.CALLER, SCORE_OVER_STARS,
                first.plusSeconds(30), TTL));

        assertThat(after.id()).isEqualTo(before.id());
        assertThat(after.chosenValue()).isEqualTo("reviews.score");
        assertThat(after.rejectedValues()).containsExactly("hotels.stars");
        assertThat(after.source()).isEqualTo(Choice.Source.CALLER);
        assertThat(after.chosenAt()).isEqualTo(first.plusSeconds(30).truncatedTo(ChronoUnit.MICROS));
        assertThat(after.expiresAt()).isEqualTo(after.chosenAt().plus(TTL));
        assertThat(MemoryCalls.storedChoices(tenant)).isEqualTo(1);
    }

    @Test
    void pagesAreNewestFirstWithinTheDatabaseAskedAndSkipExpiredRows() throws Throwable {
        String tenant = MemoryCalls.newTenant();
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        Choice oldest = store(tenant, "hotels", "stars", now.minusSeconds(30), TTL);
        Choice newest = store(tenant, "hotels", "price", now.minusSeconds(10), TTL);
        Choice middle = store(tenant, "hotels", "size", now.minusSeconds(20), TTL);
        store(tenant, "hotels", "expired", now.minusSeconds(5), Duration.ofSeconds(1));
        Choice flights = store(tenant, "flights", "fare", now.minusSeconds(15), TTL);
        store(MemoryCalls.newTenant(), "hotels", "stars", now.minusSeconds(1), TTL);

        List<Choice> first = await(() -> RememberedChoices.page(tenant, "hotels", null, 2, now));
        Choice last = first.get(1);
        List<Choice> second = await(() -> RememberedChoices.page(tenant, "hotels",
                new RememberedChoices.PagePosition(last.chosenAt(), last.id()), 2, now));

        assertThat(first).extracting(Choice::id).containsExactly(newest.id(), middle.id());
        assertThat(second).extracting(Choice::id).containsExactly(oldest.id());
        assertThat(await(() -> RememberedChoices.page(tenant, "", null, 10, now))).extracting(Choice::id)
                .containsExactly(newest.id(), flights.id(), middle.id(), oldest.id());
    }

    @Test
    void deletesReachTheTenantAskedAndItsDatabaseOnly() throws Throwable {
        String tenant = MemoryCalls.newTenant();
        String other = MemoryCalls.newTenant();
        Instant now = Instant.now();
        Choice othersChoice = store(other, "hotels", "stars", now, TTL);
        Choice hotels = store(tenant, "hotels", "stars", now, TTL);
        store(tenant, "flights", "fare", now, TTL);

        assertThat(await(() -> RememberedChoices.deleteOne(tenant, "", othersChoice.id()))).as("another tenant's id").isNull();
        assertThat(await(() -> RememberedChoices.deleteOne(tenant, "flights", hotels.id()))).as("another database's id").isNull();
        assertThat(await(() -> RememberedChoices.deleteAll(tenant, "flights"))).isEqualTo(1);
        assertThat(await(() -> RememberedChoices.deleteOne(tenant, "", hotels.id()))).as("the choice as it was").isEqualTo(hotels);
        assertThat(await(() -> RememberedChoices.deleteOne(tenant, "", hotels.id()))).as("already gone").isNull();

        assertThat(MemoryCalls.storedChoices(tenant)).isZero();
        assertThat(MemoryCalls.storedChoices(other)).isEqualTo(1);
    }

    @Test
    void expiredChoicesOfEveryTenantGoAndUnexpiredOnesStay() throws Throwable {
        String tenant = MemoryCalls.newTenant();
        Instant now = Instant.now();
        store(tenant, "hotels", "gone", now.minusSeconds(120), Duration.ofSeconds(60));
        store(tenant, "hotels", "kept", now.minusSeconds(120), TTL);

        assertThat(await(() -> RememberedChoices.deleteExpired(now))).isGreaterThanOrEqualTo(1);

        assertThat(await(() -> RememberedChoices.page(tenant, "", null, 10, now.minusSeconds(121))))
                .extracting(Choice::pivotTerm).containsExactly("kept");
    }

    /** A SELECT choice of {@code term}'s own fork. */
    private static Choice store(String tenant, String database, String term, Instant at, Duration ttl) throws Throwable {
        ForkChoice fork = new ForkChoice("select", term, "reviews.score", List.of("hotels.stars"), "score");
        return await(() -> RememberedChoices.upsert(tenant, database, "q", Choice.Source.CALLER, fork, at, ttl));
    }

    private static <T> T await(Supplier<Uni<T>> call) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(call));
    }
}
