package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.clarify.service.ClarifyException;
import dev.overtone.clarify.service.SlotValue;
import dev.overtone.clarify.service.StartCommand;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.clarify.support.RememberedRows;
import io.quarkus.test.common.QuarkusTestResource;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The memory's own rules, called as the gRPC service calls it (over a real PostgreSQL): what a Remembers or Choose may
 * ask, and what Recall answers before any fork is matched. Matching itself: ChoiceMatcherTest; over gRPC: MemoryRpcTest.
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class TenantMemoryTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String QUESTION = "the rating of each hotel";

    @Inject
    TenantMemory memory;

    @Inject
    Pool pool;

    @Test
    void remembersTakesOneToMaxScopesEachWithAnOwner() {
        assertInvalid(() -> memory.remembers(List.of()), "Remembers needs at least one scope");
        List<MemoryScope> tooMany = IntStream.rangeClosed(0, TenantMemory.MAX_SCOPES).mapToObj(i -> new MemoryScope("acme", "db" + i)).toList();
        assertInvalid(() -> memory.remembers(tooMany), "at most 256 scopes per call, got 257");
        assertInvalid(() -> memory.remembers(List.of(new MemoryScope("acme", ""))), "Remembers needs the database");
    }

    @Test
    void remembersAnswersEachScopeInOrder() {
        String tenant = MemoryCalls.newTenant();
        Instant now = Instant.now();
        RememberedRows.remember(pool, tenant, "flights", "fare", now, now.plusSeconds(3600));
        List<MemoryScope> asked = List.of(new MemoryScope(tenant, "hotels"), new MemoryScope(tenant, "flights"), new MemoryScope(tenant, "trains"));
        assertThat(memory.remembers(asked).await().atMost(WAIT)).containsExactly(false, true, false);
    }

    @Test
    void aDatabaseThatRemembersNothingLeavesEveryCandidateConsistentAndHoldsNoExpiry() {
        TenantMemory.Recalled recalled = memory.recall(request(MemoryCalls.newTenant(), "stars", "score")).await().atMost(WAIT);
        assertThat(recalled.applied()).isEmpty();
        assertThat(recalled.consistentIds()).containsExactly("stars", "score");
        assertThat(recalled.anyRemembered()).isFalse();
        assertThat(recalled.validUntil()).isNull();
    }

    @Test
    void oneReadingHasNoForkToDecideButTheAnswerSaysWhatIsRememberedAndUntilWhen() {
        String tenant = MemoryCalls.newTenant();
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        RememberedRows.remember(pool, tenant, "hotels", "rating", now, now.plusSeconds(7200));
        RememberedRows.remember(pool, tenant, "hotels", "grade", now, now.plusSeconds(3600));

        TenantMemory.Recalled recalled = memory.recall(request(tenant, "score")).await().atMost(WAIT);
        assertThat(recalled.applied()).isEmpty();
        assertThat(recalled.consistentIds()).containsExactly("score");
        assertThat(recalled.anyRemembered()).isTrue();
        assertThat(recalled.validUntil()).isEqualTo(now.plusSeconds(3600));
    }

    @Test
    void chooseNamesTheCandidatesWhenTheChosenIdIsNotAmongThem() {
        assertInvalid(() -> memory.choose(new MemoryRequest("acme", "hotels", QUESTION, List.of()), "score"),
                "Choose needs the candidates");
        List<String> ids = IntStream.range(0, 25).mapToObj(i -> "c" + i).toList();
        assertInvalid(() -> memory.choose(request("acme", ids.toArray(String[]::new)), "nope"),
                "chosen_candidate_id 'nope' is not among the candidates (c0, c1,", "c19, ...)");
    }

    private static void assertInvalid(Runnable call, String... says) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(ClarifyException.class, e -> {
            assertThat(e.kind()).isEqualTo(ClarifyException.Kind.INVALID_ARGUMENT);
            assertThat(e.getMessage()).contains(says);
        });
    }

    /** The question with a candidate per id, each showing its own column (results told apart by the id). */
    private static MemoryRequest request(String tenant, String... ids) {
        List<StartCommand.CandidateInput> candidates = Arrays.stream(ids).map(id -> new StartCommand.CandidateInput(id,
                "SELECT " + id + " FROM hotels", id, null, id, List.of(new SlotValue("select[0]", id, "shows " + id, List.of(id))))).toList();
        return new MemoryRequest(tenant, "hotels", QUESTION, candidates);
    }
}
