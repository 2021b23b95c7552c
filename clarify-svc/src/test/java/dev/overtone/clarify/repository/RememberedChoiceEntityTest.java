package dev.overtone.clarify.repository;

import static dev.overtone.clarify.support.SavedEntities.assertSameFields;
import static dev.overtone.clarify.support.SavedEntities.inTransaction;
import static dev.overtone.clarify.support.SavedEntities.readBack;

import dev.overtone.clarify.memory.Choice;
import dev.overtone.clarify.memory.ForkChoice;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.MemoryCalls;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A remembered choice on the real PostgreSQL: the row {@link RememberedChoices#upsert}'s own SQL writes is read by the
 * entity, every column into its field (the database from database_name, the values not chosen as a JSON array).
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class RememberedChoiceEntityTest {

    @Test
    void theRowTheUpsertWritesReadsIntoEveryField() throws Throwable {
        String tenant = MemoryCalls.newTenant();
        ForkChoice fork = new ForkChoice("select", "rating", "AVG(reviews.score)", List.of("hotels.stars", "hotels.price"), "the review score");
        Instant at = Instant.now().minusSeconds(60);
        Duration ttl = Duration.ofDays(3);

        Choice stored = inTransaction(() -> RememberedChoices.upsert(tenant, "hotels", "the rating of each hotel", Choice.Source.DIALOGUE,
                fork, at, ttl));

        RememberedChoiceEntity expected = new RememberedChoiceEntity();
        expected.id = stored.id();
        expected.tenant = tenant;
        expected.database = "hotels";
        expected.clause = "select";
        expected.pivotTerm = "rating";
        expected.forkKey = RememberedChoices.forkKey(fork, "the rating of each hotel");
        expected.chosenValue = "AVG(reviews.score)";
        expected.rejectedValues = "[\"hotels.stars\",\"hotels.price\"]";
        expected.chosenLabel = "the review score";
        expected.question = "the rating of each hotel";
        expected.source = "DIALOGUE";
        expected.chosenAt = at.truncatedTo(ChronoUnit.MICROS);
        expected.expiresAt = expected.chosenAt.plus(ttl);
        assertSameFields(readBack(RememberedChoiceEntity.class, stored.id()), expected);
    }
}
