package dev.overtone.clarify.grpc;

import static dev.overtone.clarify.grpc.ClarifyGrpcServiceTest.assertStatus;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.FakeParserResource;
import dev.overtone.clarify.support.FakeParserServer;
import dev.overtone.clarify.support.HotelDialogue;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.GetRequest;
import dev.overtone.proto.v1.SessionState;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Idle sessions expire, the cleanup marks them, and later deletes them (short times via a test profile). */
@QuarkusTest
@TestProfile(SessionExpiryTest.ShortSessions.class)
@QuarkusTestResource(EmbeddedPostgresResource.class)
@QuarkusTestResource(value = FakeParserResource.class, restrictToAnnotatedClass = true)
class SessionExpiryTest {

    public static class ShortSessions implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("overtone.clarify.sessions.idle-timeout", "1s",
                    "overtone.clarify.sessions.cleanup-interval", "200ms",
                    "overtone.clarify.sessions.retention", "3s");
        }
    }

    @GrpcClient("clarify")
    ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify;

    @AfterEach
    void everyAnalysisWasAnsweredFromARecording() {
        FakeParserServer.assertEveryCallRecorded();
    }

    @Test
    void idleSessionExpiresIsMarkedThenDeleted() throws Exception {
        String id = clarify.start(HotelDialogue.start()).getSessionId();
        await(() -> "EXPIRED".equals(storedState(id)), "the cleanup to mark the session EXPIRED");
        assertThat(clarify.get(GetRequest.newBuilder().setSessionId(id).build()).getState()).isEqualTo(SessionState.SESSION_STATE_EXPIRED);
        assertStatus(() -> clarify.answer(HotelDialogue.option(id, 1, "o1")), Status.Code.FAILED_PRECONDITION, "expired");
        await(() -> storedState(id) == null, "the cleanup to delete the session after the retention");
        assertStatus(() -> clarify.get(GetRequest.newBuilder().setSessionId(id).build()), Status.Code.NOT_FOUND, id);
    }

    private static void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(100); // polling interval under a bounded deadline
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    private static String storedState(String id) {
        var config = ConfigProvider.getConfig();
        try (Connection c = DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class), config.getValue("quarkus.datasource.password", String.class));
                PreparedStatement s = c.prepareStatement("SELECT state FROM clarify_session WHERE id = ?")) {
            s.setObject(1, UUID.fromString(id));
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? r.getString(1) : null;
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

}
