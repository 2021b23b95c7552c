package dev.overtone.clarify.service;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.repository.DialogueState;
import dev.overtone.clarify.repository.RememberedChoices;
import dev.overtone.clarify.repository.SessionEntity;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import org.jboss.logging.Logger;

/**
 * Every cleanup interval: open sessions idle past the timeout become EXPIRED; finished sessions older
 * than the retention are deleted (their rows go with them by ON DELETE CASCADE); remembered choices past
 * their expiry are deleted.
 */
@ApplicationScoped
public class SessionReaper {
    private static final Logger LOG = Logger.getLogger(SessionReaper.class);
    private final ClarifyConfig config;
    private final Vertx vertx;
    private long timer = -1;

    public SessionReaper(ClarifyConfig config, Vertx vertx) {
        this.config = config;
        this.vertx = vertx;
    }

    void onStart(@Observes StartupEvent event) {
        timer = vertx.setPeriodic(config.sessions().cleanupInterval().toMillis(), id -> {
            Context ctx = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
            VertxContextSafetyToggle.setContextSafe(ctx, true);
            ctx.runOnContext(v -> reap().subscribe().with(
                    n -> { },
                    f -> LOG.warnf("session cleanup failed (will retry): %s", f.getMessage())));
        });
    }

    void onStop(@Observes ShutdownEvent event) {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
    }

    /** Returns how many sessions were expired and deleted, and remembered choices deleted. */
    public Uni<Integer> reap() {
        Instant now = Instant.now();
        Instant idleBefore = now.minus(config.sessions().idleTimeout());
        Instant deleteBefore = now.minus(config.sessions().retention());
        return Panache.withTransaction(() -> SessionEntity.update(
                        "state = ?1, version = version + 1, updatedAt = ?2 where state = ?3 and updatedAt < ?4",
                        DialogueState.EXPIRED, now, DialogueState.OPEN, idleBefore)
                .chain(expired -> SessionEntity.delete("state <> ?1 and updatedAt < ?2", DialogueState.OPEN, deleteBefore)
                        .chain(deleted -> RememberedChoices.deleteExpired(now).map(forgotten -> {
                            if (expired + deleted + forgotten > 0) {
                                LOG.infof("sessions: %d expired, %d deleted; remembered choices: %d expired", expired, deleted, forgotten);
                            }
                            return (int) (expired + deleted + forgotten);
                        }))));
    }
}
