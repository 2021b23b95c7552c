package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.clarify.support.StoredRows;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Recording a choice on the real PostgreSQL: one row per fork in the caller's transaction, expiring after the configured
 * ttl, and a notice to every replica that PostgreSQL delivers at the commit, or, when the transaction rolls back, never.
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class ChoiceRecorderTest {
    private static final String QUESTION = "the rating of each hotel";
    private static final ForkChoice SCORE = new ForkChoice("select", "rating", "reviews.score", List.of("hotels.stars"), "the review score");
    private static final ForkChoice TOWN = new ForkChoice("where", "town", "hotels.city", List.of("hotels.region"), "the city");

    @Inject
    ChoiceRecorder recorder;
    @Inject
    ClarifyConfig config;

    private Connection listener;

    @BeforeEach
    void listen() throws Exception {
        listener = StoredRows.connect();
        try (Statement s = listener.createStatement()) {
            s.execute("LISTEN " + ScopeNotice.CHANNEL);
            s.execute("LISTEN " + ScopeNotice.FORGOTTEN_CHANNEL);
        }
    }

    @AfterEach
    void close() throws Exception {
        listener.close();
    }

    @Test
    void eachForkIsStoredInOrderExpiringAfterTheTtlAndEveryReplicaIsToldAtCommit() throws Throwable {
        String tenant = MemoryCalls.newTenant();

        List<Choice> stored = inTransaction(() -> recorder.record(tenant, "hotels", QUESTION, Choice.Source.CALLER, List.of(SCORE, TOWN)));

        assertThat(stored).extracting(Choice::chosenValue).containsExactly("reviews.score", "hotels.city");
        assertThat(stored).allSatisfy(c -> {
            assertThat(c.tenant()).isEqualTo(tenant);
            assertThat(c.source()).isEqualTo(Choice.Source.CALLER);
            assertThat(c.expiresAt()).isEqualTo(c.chosenAt().plus(config.memory().ttl()));
        });
        assertThat(MemoryCalls.storedChoices(tenant)).isEqualTo(2);
        assertThat(noticeOf(ScopeNotice.CHANNEL, tenant)).hasValueSatisfying(n -> assertThat(n.scope())
                .isEqualTo(new MemoryScope(tenant, "hotels")));
    }

    @Test
    void aRolledBackTransactionStoresNothingAndTellsNoReplica() throws Throwable {
        String rolledBack = MemoryCalls.newTenant();
        String committed = MemoryCalls.newTenant();

        assertThatThrownBy(() -> inTransaction(() -> recorder.record(rolledBack, "hotels", QUESTION, Choice.Source.DIALOGUE,
                List.of(SCORE)).chain(() -> Uni.createFrom().failure(new IllegalStateException("the answer failed after")))))
                .hasMessage("the answer failed after");
        inTransaction(() -> recorder.record(committed, "hotels", QUESTION, Choice.Source.DIALOGUE, List.of(SCORE)));

        assertThat(MemoryCalls.storedChoices(rolledBack)).isZero();
        // notices come in commit order: the later commit's arrives, the rolled-back one's never came before it
        assertThat(tenantsHeardBefore(ScopeNotice.CHANNEL, committed)).doesNotContain(rolledBack);
    }

    @Test
    void aColumnChosenAnewTakesWithItWhatWasShownBesideItsOldChoice() throws Throwable {
        String tenant = MemoryCalls.newTenant();
        ForkChoice name = new ForkChoice(Choice.SHOWN_BESIDE, "rating", "hotels.name", List.of("reviews.score"), "hotels.name");
        inTransaction(() -> recorder.record(tenant, "hotels", QUESTION, Choice.Source.CALLER, List.of(SCORE, TOWN, name)));

        // the same column for the same question (a dialogue records nothing beside it): the name still meets its companion
        inTransaction(() -> recorder.record(tenant, "hotels", QUESTION, Choice.Source.DIALOGUE, List.of(SCORE)));
        assertThat(clauses(tenant)).isEqualTo("select,select_beside,where");
        // the same column for another question: the row now holds that question, and the name was never shown beside it
        inTransaction(() -> recorder.record(tenant, "hotels", "the best rated hotel", Choice.Source.DIALOGUE, List.of(SCORE)));
        assertThat(clauses(tenant)).isEqualTo("select,where");
    }

    @Test
    void noForkStoresNothingAndTellsNoReplica() throws Throwable {
        String tenant = MemoryCalls.newTenant();

        assertThat(inTransaction(() -> recorder.record(tenant, "hotels", QUESTION, Choice.Source.CALLER, List.of()))).isEmpty();

        assertThat(MemoryCalls.storedChoices(tenant)).isZero();
        inTransaction(() -> recorder.forgotten(new MemoryScope(tenant, "")).replaceWith(List.<Choice>of()));
        assertThat(tenantsHeardBefore(ScopeNotice.FORGOTTEN_CHANNEL, tenant)).doesNotContain(tenant);
    }

    @Test
    void forgettingTellsEveryReplicaOnTheForgottenChannel() throws Throwable {
        String tenant = MemoryCalls.newTenant();

        inTransaction(() -> recorder.forgotten(new MemoryScope(tenant, "hotels")).replaceWith(List.<Choice>of()));

        assertThat(noticeOf(ScopeNotice.FORGOTTEN_CHANNEL, tenant)).hasValueSatisfying(n -> assertThat(n.scope())
                .isEqualTo(new MemoryScope(tenant, "hotels")));
    }

    /** The clauses of the tenant's stored rows, in alphabetical order, comma-separated. */
    private static String clauses(String tenant) {
        return (String) StoredRows.value("SELECT string_agg(clause, ',' ORDER BY clause) FROM clarify_remembered_choice WHERE tenant = ?", tenant);
    }

    private static List<Choice> inTransaction(java.util.function.Supplier<Uni<List<Choice>>> work) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(work));
    }

    /** The tenants of the notices heard before {@code tenant}'s on {@code channel}, which must come. */
    private List<String> tenantsHeardBefore(String channel, String tenant) throws Exception {
        List<ScopeNotice> heard = new ArrayList<>();
        assertThat(noticeOf(channel, tenant, heard)).as("%s's notice on %s", tenant, channel).isPresent();
        return heard.stream().map(n -> n.scope().tenant()).toList();
    }

    private Optional<ScopeNotice> noticeOf(String channel, String tenant) throws Exception {
        return noticeOf(channel, tenant, new ArrayList<>());
    }

    /** Waits (10 s at most, else the test fails) for a notice of {@code tenant} on {@code channel}; those heard before it go to {@code before}. */
    private Optional<ScopeNotice> noticeOf(String channel, String tenant, List<ScopeNotice> before) {
        AtomicReference<ScopeNotice> found = new AtomicReference<>();
        await(tenant + "'s notice on " + channel).atMost(Duration.ofSeconds(10)).pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(10)).until(() -> {
                    PGNotification[] got = listener.unwrap(PGConnection.class).getNotifications(100);
                    for (PGNotification n : got == null ? new PGNotification[0] : got) {
                        Optional<ScopeNotice> notice = ScopeNotice.parse(n.getParameter());
                        if (notice.isPresent() && n.getName().equals(channel) && notice.get().scope().tenant().equals(tenant)) {
                            found.set(notice.get());
                            return true;
                        }
                        notice.ifPresent(before::add);
                    }
                    return false;
                });
        return Optional.of(found.get());
    }
}
