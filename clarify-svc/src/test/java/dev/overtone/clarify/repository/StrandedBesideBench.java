package dev.overtone.clarify.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.memory.Choice;
import dev.overtone.clarify.memory.ForkChoice;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.clarify.support.Timings;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * What the stranded-beside clean-up adds to each recording that holds a SELECT fork (Choose, a resolving dialogue), run
 * by hand (no timing is asserted; it asserts that what it times is the named work: nothing stranded is left, nothing
 * kept is deleted): {@code ./mvnw -B -o -pl clarify-svc test -Dtest=StrandedBesideBench -Dsurefire.failIfNoSpecifiedTests=false}.
 * One database holding {@code n} chosen columns, each for its own question with one column shown beside it, as a tenant
 * that has chosen for many questions has it; the DELETE alone, in its own transaction.
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class StrandedBesideBench {
    private static final Duration TTL = Duration.ofDays(1);
    private static final int RUNS = 500;
    private static final int WARM_UP = 100;

    @Test
    void theCleanUpInADatabaseOfTenAndOfAThousandChosenColumns() throws Throwable {
        // the floor first and last: a first pass warms the JIT and the pool, and would flatter what follows it
        long[] floorBefore = timed(() -> Panache.getSession().chain(s -> s.createNativeQuery("SELECT 1").getSingleResult()), one -> assertThat(one).isNotNull());
        for (int n : new int[] {10, 1000}) {
            String tenant = MemoryCalls.newTenant();
            Instant now = Instant.now();
            for (int k = 0; k < n; k++) {
                String question = "question " + k;
                ForkChoice column = new ForkChoice("select", "rating", "reviews.score", List.of("hotels.stars" + k), "score");
                ForkChoice beside = new ForkChoice(Choice.SHOWN_BESIDE, "rating", "hotels.name" + k, List.of("reviews.score"), "name");
                await(() -> RememberedChoices.upsert(tenant, "hotels", question, Choice.Source.CALLER, column, now, TTL)
                        .chain(() -> RememberedChoices.upsert(tenant, "hotels", question, Choice.Source.CALLER, beside, now, TTL)));
            }
            ForkChoice stranded = new ForkChoice(Choice.SHOWN_BESIDE, "rating", "hotels.city", List.of("hotels.price"), "hotels.city");
            await(() -> RememberedChoices.upsert(tenant, "hotels", "question 0", Choice.Source.CALLER, stranded, now, TTL));

            assertThat(await(() -> RememberedChoices.deleteStrandedBeside(tenant, "hotels", "select"))).as("the one stranded").isEqualTo(1);
            long[] sorted = timed(() -> RememberedChoices.deleteStrandedBeside(tenant, "hotels", "select"), deleted -> assertThat(deleted).isZero());
            assertThat(MemoryCalls.storedChoices(tenant)).as("every column kept with its companion").isEqualTo(2L * n);
            Timings.report("stranded-beside DELETE, " + n + " chosen columns + " + n + " beside", sorted);
        }
        long[] floorAfter = timed(() -> Panache.getSession().chain(s -> s.createNativeQuery("SELECT 1").getSingleResult()), one -> assertThat(one).isNotNull());
        Timings.report("a transaction of SELECT 1, before the DELETEs", floorBefore);
        Timings.report("a transaction of SELECT 1, after them", floorAfter);
    }

    /** Each of {@link #RUNS} calls (after {@link #WARM_UP}) in a transaction of its own, its result checked. */
    private static <T> long[] timed(Supplier<Uni<T>> call, Consumer<T> check) {
        return Timings.time(RUNS, WARM_UP, () -> {
            try {
                check.accept(await(call));
            } catch (Throwable e) {
                throw new AssertionError(e);
            }
        });
    }

    private static <T> T await(Supplier<Uni<T>> call) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(call));
    }
}
