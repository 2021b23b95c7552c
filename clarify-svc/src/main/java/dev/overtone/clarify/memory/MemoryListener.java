package dev.overtone.clarify.memory;

import dev.overtone.clarify.config.ClarifyConfig;
import io.grpc.Status;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.pubsub.PgSubscriber;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntToLongFunction;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * This replica's LISTEN on {@link ScopeNotice#CHANNEL}, on a connection of its own ({@link PgSubscriber}, connected
 * again after a loss): every scope that gains a choice on any replica, or forgets some
 * ({@link ScopeNotice#FORGOTTEN_CHANNEL}), is forwarded to this replica's open watch streams, answers this replica's
 * echoes and is dropped from this replica's {@link ChoiceCache}. While it is not listening a notification can be missed, so every
 * stream is ended then (UNAVAILABLE: its caller falls back to asking, and subscribes again), no new one is opened, and
 * the cache is emptied and not used.
 */
@ApplicationScoped
public class MemoryListener {
    private static final Logger LOG = Logger.getLogger(MemoryListener.class);
    /** The watch streams this replica has open: one per interpreter-svc replica that follows it. */
    public static final String WATCHES = "overtone.clarify.memory.watches";

    @Inject
    Vertx vertx;
    @Inject
    ClarifyConfig config;
    @Inject
    MemoryEchoes echoes;
    @Inject
    MeterRegistry registry;
    @Inject
    ChoiceCache cache;
    @ConfigProperty(name = "quarkus.datasource.reactive.url")
    String url;
    @ConfigProperty(name = "quarkus.datasource.username")
    String user;
    @ConfigProperty(name = "quarkus.datasource.password")
    String password;

    private final Set<ScopeWatch> watches = ConcurrentHashMap.newKeySet();
    private final CompletableFuture<Void> firstListen = new CompletableFuture<>();
    private volatile boolean listening;
    private volatile boolean listeningToForgets;
    private volatile boolean stopping;
    private PgSubscriber subscriber;

    void start(@Observes StartupEvent event) {
        if (!config.memory().enabled()) {
            return;
        }
        Gauge.builder(WATCHES, watches, Set::size).description("WatchMemory streams open on this replica").register(registry);
        PgConnectOptions options = PgConnectOptions.fromUri(url.startsWith("vertx-reactive:") ? url.substring(15) : url)
                .setUser(user).setPassword(password);
        subscriber = PgSubscriber.subscriber(vertx, options).reconnectPolicy(this::lost);
        subscriber.channel(ScopeNotice.CHANNEL)
                .subscribeHandler(v -> {
                    cache.reset(); // whatever was read while not listening may have missed a notice
                    listening = true;
                    listenedToBoth();
                })
                .handler(payload -> ScopeNotice.parse(payload).ifPresent(this::heard));
        subscriber.channel(ScopeNotice.FORGOTTEN_CHANNEL)
                .subscribeHandler(v -> {
                    cache.reset();
                    listeningToForgets = true;
                    listenedToBoth();
                })
                .handler(payload -> ScopeNotice.parse(payload).ifPresent(this::heardForgotten));
        connectUntilListening(vertx, this::connect, this::lost, 0);
    }

    /** The first LISTEN is complete once both channels listen: a watch is refused before (it would miss forgets). */
    private void listenedToBoth() {
        if (listening && listeningToForgets) {
            firstListen.complete(null);
        }
    }

    /** One try to connect and LISTEN (a seam for the test that holds the first LISTEN back). */
    protected Future<Void> connect() {
        return subscriber.connect();
    }

    /**
     * Waits, at most {@code bound}, for this replica's first LISTEN: the warm-up's last step, so readiness does not say
     * ready while every watch would be refused. Whether it listened in time (true at once when memory is off).
     */
    public boolean awaitFirstListen(Duration bound) {
        if (!config.memory().enabled()) {
            return true;
        }
        try {
            firstListen.get(bound.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * The first connection, tried again after each failure with the reconnect policy's pause until it is made or the policy
     * says stop (a negative pause): PgSubscriber's own policy only covers a connection lost after it was made, so a
     * PostgreSQL not yet up when clarify-svc starts would leave this replica refusing every watch until a restart.
     */
    static void connectUntilListening(Vertx vertx, Supplier<Future<Void>> connect, IntToLongFunction pauseAfter, int tries) {
        connect.get().onFailure(e -> {
            long pause = pauseAfter.applyAsLong(tries);
            if (pause < 0) {
                return;
            }
            LOG.warnf("memory: LISTEN failed (%s); trying again in %d ms", e.getMessage(), pause);
            vertx.setTimer(Math.max(1, pause), t -> connectUntilListening(vertx, connect, pauseAfter, tries + 1));
        });
    }

    /** The connection was lost (or a try failed): no stream may go on as if it heard everything. The pause before the next try. */
    private long lost(int tries) {
        if (listening) {
            LOG.warn("memory: the LISTEN connection to PostgreSQL was lost; watch streams ended, connecting again");
        }
        listening = false;
        listeningToForgets = false;
        cache.reset();
        endAll(Status.UNAVAILABLE.withDescription("clarify-svc lost its PostgreSQL listener, a choice could be missed:"
                + " ask Remembers, and watch again"));
        return stopping ? -1 : Math.min(config.memory().watch().reconnectMax().toMillis(), 50L << Math.min(tries, 10));
    }

    private void heard(ScopeNotice notice) {
        cache.changed(notice.scope()); // before the echo: the recording call's reply must not meet the old choices here
        watches.forEach(w -> w.push(notice.scope(), notice.recordedAtMicros()));
        echoes.heard(notice.token());
    }

    private void heardForgotten(ScopeNotice notice) {
        cache.forgotten(notice.scope());
        watches.forEach(w -> w.forgotten(notice.scope(), notice.recordedAtMicros()));
        echoes.heard(notice.token());
    }

    /** Whether every notification from now on (records and forgets) reaches this replica: a watch may start only then. */
    public boolean listening() {
        return listening && listeningToForgets && !stopping;
    }

    /** Whether every record and forget from now on reaches this replica's cache: it may be used only then. */
    public boolean cacheable() {
        return listening();
    }

    /** The watch streams open on this replica now (also the gauge {@link #WATCHES}). */
    public int watching() {
        return watches.size();
    }

    void add(ScopeWatch watch) {
        watches.add(watch);
    }

    void remove(ScopeWatch watch) {
        watches.remove(watch);
    }

    /** The watch streams end before the drain waits for the calls held: they are long-lived and would hold it. */
    void beforeDrain(@Observes @Priority(1) ShutdownDelayInitiatedEvent event) {
        stop();
    }

    void onShutdown(@Observes @Priority(1) ShutdownEvent event) {
        stop();
    }

    private void stop() {
        stopping = true;
        endAll(Status.UNAVAILABLE.withDescription("clarify-svc is shutting down: watch another replica"));
    }

    private void endAll(Status status) {
        watches.forEach(w -> w.end(status));
    }

    @PreDestroy
    void close() {
        stopping = true;
        if (subscriber != null) {
            subscriber.close();
        }
    }
}
