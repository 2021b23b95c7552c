package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.interpreter.service.MemoryProbes.Scope;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.ContextKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The probes of the calls in flight, asked together: one Remembers at a time, each call's scope in one sent after it. */
class MemoryProbesTest {
    private static final Scope HOTELS = new Scope("demo", "hotels");
    private static final Scope SHOP = new Scope("demo", "shop");
    private static final Scope OTHER_TENANTS_HOTELS = new Scope("other", "hotels");

    private final ExecutorService sender = Executors.newSingleThreadExecutor();
    /** The scopes of each Remembers sent, in order. */
    private final List<List<Scope>> sent = new CopyOnWriteArrayList<>();
    private final CountDownLatch firstMayAnswer = new CountDownLatch(1);

    @AfterEach
    void stop() {
        firstMayAnswer.countDown();
        sender.shutdownNow();
    }

    /** clarify-svc where only {@code remembering} remember anything; the first call waits for {@link #firstMayAnswer}. */
    private MemoryProbes.Remembers clarify(Set<Scope> remembering) {
        return scopes -> {
            sent.add(List.copyOf(scopes));
            if (sent.size() == 1) {
                await(firstMayAnswer);
            }
            return scopes.stream().map(remembering::contains).toList();
        };
    }

    @Test
    void theCallsThatArriveWhileOneIsInFlightShareTheNextAndEachScopeIsAskedOnce() {
        MemoryProbes probes = new MemoryProbes(clarify(Set.of(SHOP)), sender, 256, 1);

        CompletableFuture<Boolean> first = probes.remembers(HOTELS);
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> sent.size() == 1);
        CompletableFuture<Boolean> shop = probes.remembers(SHOP);
        CompletableFuture<Boolean> shopAgain = probes.remembers(SHOP);
        CompletableFuture<Boolean> hotelsAgain = probes.remembers(HOTELS);
        // asked after the first was sent: the first's answer is not theirs, even for the same scope
        assertThat(hotelsAgain).isNotDone();
        firstMayAnswer.countDown();

        assertThat(first).succeedsWithin(Duration.ofSeconds(10)).isEqualTo(false);
        assertThat(shop).succeedsWithin(Duration.ofSeconds(10)).isEqualTo(true);
        assertThat(shopAgain).succeedsWithin(Duration.ofSeconds(10)).isEqualTo(true);
        assertThat(hotelsAgain).succeedsWithin(Duration.ofSeconds(10)).isEqualTo(false);
        assertThat(sent).containsExactly(List.of(HOTELS), List.of(SHOP, HOTELS));
    }

    @Test
    void theAnswersFollowTheScopesOrderAndTenantsStayApart() {
        firstMayAnswer.countDown();
        MemoryProbes probes = new MemoryProbes(clarify(Set.of(OTHER_TENANTS_HOTELS)), sender, 256, 1);

        assertThat(probes.remembers(HOTELS)).succeedsWithin(Duration.ofSeconds(10)).isEqualTo(false);
        assertThat(probes.remembers(OTHER_TENANTS_HOTELS)).succeedsWithin(Duration.ofSeconds(10)).isEqualTo(true);
    }

    @Test
    void aCallAsksAtMostMaxScopesAndTheRestWaitForTheNext() {
        MemoryProbes probes = new MemoryProbes(clarify(Set.of()), sender, 2, 1);
        probes.remembers(HOTELS);
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> sent.size() == 1);
        List<CompletableFuture<Boolean>> waiting = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            waiting.add(probes.remembers(new Scope("demo", "db" + i)));
        }
        firstMayAnswer.countDown();

        waiting.forEach(f -> assertThat(f).succeedsWithin(Duration.ofSeconds(10)).isEqualTo(false));
        assertThat(sent).extracting(List::size).containsExactly(1, 2, 2, 1);
    }

    @Test
    void withTwoAllowedOutASecondAskGoesAtOnceAndTheLaterCallsShareTheNext() {
        ExecutorService two = Executors.newFixedThreadPool(2);
        try {
            MemoryProbes probes = new MemoryProbes(scopes -> {
                sent.add(List.copyOf(scopes));
                await(firstMayAnswer);
                return scopes.stream().map(s -> false).toList();
            }, two, 256, 2);
            List<CompletableFuture<Boolean>> answers = new ArrayList<>(List.of(probes.remembers(HOTELS)));
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> sent.size() == 1);
            answers.add(probes.remembers(SHOP));
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> sent.size() == 2);
            answers.add(probes.remembers(OTHER_TENANTS_HOTELS));
            answers.add(probes.remembers(new Scope("demo", "crm")));
            firstMayAnswer.countDown();

            answers.forEach(f -> assertThat(f).succeedsWithin(Duration.ofSeconds(10)).isEqualTo(false));
            assertThat(sent.subList(0, 2)).containsExactly(List.of(HOTELS), List.of(SHOP));
            assertThat(sent.subList(2, sent.size())).containsExactly(List.of(OTHER_TENANTS_HOTELS, new Scope("demo", "crm")));
        } finally {
            two.shutdownNow();
        }
    }

    @Test
    void anAskIsPartOfTheTraceOfTheFirstCallWaitingForIt() {
        firstMayAnswer.countDown();
        ContextKey<String> call = ContextKey.named("call");
        List<String> tracedIn = new CopyOnWriteArrayList<>();
        MemoryProbes probes = new MemoryProbes(scopes -> {
            tracedIn.add(Context.current().get(call));
            return scopes.stream().map(s -> false).toList();
        }, sender, 256, 1);

        try (var ignored = Context.root().with(call, "the interpret").makeCurrent()) {
            assertThat(probes.remembers(HOTELS)).succeedsWithin(Duration.ofSeconds(10));
        }
        assertThat(tracedIn).containsExactly("the interpret");
    }

    @Test
    void aFailedRemembersSaysRememberedSoTheFullRecallRunsAndTheNextIsStillSent() {
        List<Integer> calls = new CopyOnWriteArrayList<>();
        MemoryProbes probes = new MemoryProbes(scopes -> {
            calls.add(scopes.size());
            if (calls.size() == 1) {
                throw new IllegalStateException("clarify-svc is unavailable");
            }
            return scopes.stream().map(s -> false).toList();
        }, sender, 256, 1);

        assertThat(probes.remembers(HOTELS)).succeedsWithin(Duration.ofSeconds(10)).isEqualTo(true);
        assertThat(probes.remembers(HOTELS)).succeedsWithin(Duration.ofSeconds(10)).isEqualTo(false);
        assertThat(calls).containsExactly(1, 1);
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never let the first Remembers answer");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
