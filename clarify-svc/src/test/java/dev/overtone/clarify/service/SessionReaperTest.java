package dev.overtone.clarify.service;

import static dev.overtone.clarify.support.StoredSessions.idleFor;
import static dev.overtone.clarify.support.StoredSessions.state;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.support.AgainstRecordedParser;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.HotelDialogue;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.clarify.support.StoredRows;
import dev.overtone.proto.v1.CancelRequest;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * One cleanup pass on the real PostgreSQL: idle open sessions expire, finished ones past the retention go with their rows,
 * remembered choices past their expiry go. Rows are aged behind the service's back, by the configured times plus a margin;
 * the periodic pass may run first, so each test asserts what a pass leaves, not how many rows this one touched.
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class SessionReaperTest extends AgainstRecordedParser {
    private static final Duration MARGIN = Duration.ofMinutes(1);

    @GrpcClient("clarify")
    ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify;
    @Inject
    SessionReaper reaper;
    @Inject
    ClarifyConfig config;

    @Test
    void anOpenSessionIdlePastTheTimeoutExpiresAndOneIdleLessStaysOpen() throws Throwable {
        String idle = started();
        String recent = started();
        idleFor(idle, config.sessions().idleTimeout().plus(MARGIN));
        idleFor(recent, config.sessions().idleTimeout().minus(MARGIN));

        reap();

        assertThat(state(idle)).isEqualTo("EXPIRED");
        assertThat(state(recent)).isEqualTo("OPEN");
    }

    @Test
    void aFinishedSessionPastTheRetentionIsDeletedWithItsRowsAndAnOpenOneOnlyExpires() throws Throwable {
        String cancelledLongAgo = cancelled();
        String cancelledLately = cancelled();
        String openLongAgo = started();
        Duration pastRetention = config.sessions().retention().plus(MARGIN);
        idleFor(cancelledLongAgo, pastRetention);
        idleFor(openLongAgo, pastRetention);

        reap();

        assertThat(state(cancelledLongAgo)).isNull();
        assertThat(StoredRows.value("SELECT count(*) FROM clarify_candidate WHERE session_id = ?", UUID.fromString(cancelledLongAgo)))
                .isEqualTo(0L);
        assertThat(state(cancelledLately)).isEqualTo("CANCELLED");
        assertThat(state(openLongAgo)).as("expired by this pass, deleted by a pass after the retention").isEqualTo("EXPIRED");
    }

    @Test
    void aRememberedChoicePastItsExpiryIsDeletedAndAnUnexpiredOneKept() throws Throwable {
        String tenant = MemoryCalls.newTenant();
        clarify.choose(MemoryCalls.choose(tenant, "hotels", "score"));
        clarify.choose(MemoryCalls.choose(tenant, "inns", "score"));
        StoredRows.update("UPDATE clarify_remembered_choice SET expires_at = now() - interval '1 second' WHERE tenant = ? AND database_name = ?",
                tenant, "hotels");

        reap();

        assertThat(StoredRows.value("SELECT string_agg(DISTINCT database_name, ',') FROM clarify_remembered_choice WHERE tenant = ?", tenant))
                .isEqualTo("inns");
    }

    private void reap() throws Throwable {
        VertxContextSupport.subscribeAndAwait(reaper::reap);
    }

    private String started() {
        return clarify.start(HotelDialogue.start()).getSessionId();
    }

    private String cancelled() {
        String id = started();
        clarify.cancel(CancelRequest.newBuilder().setSessionId(id).build());
        return id;
    }
}
