package dev.overtone.clarify.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.support.FakeParserServer;
import dev.overtone.clarify.support.HotelDialogue;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.TestDatabase;
import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.GetRequest;
import dev.overtone.proto.v1.RememberedChoice;
import dev.overtone.proto.v1.ResolutionReason;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.SessionState;
import dev.overtone.proto.v1.Turn;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Server;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged service as its own process against PostgreSQL, killed with SIGKILL mid-dialogue and
 * restarted: the session goes on where it was, and the tenants' remembered choices are still there. parser-svc is a plain grpc-java (Netty) server in this
 * JVM answering Analyze like the real one.
 */
class ClarifyRestartIT {
    private static TestDatabase db;
    private static Server parser;
    private static int port;
    private static int httpPort;
    private static Process service;
    private static ManagedChannel channel;
    private static ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify;

    @BeforeAll
    static void setUp() throws Exception {
        db = TestDatabase.start();
        parser = FakeParserServer.start();
        try (ServerSocket grpc = new ServerSocket(0); ServerSocket http = new ServerSocket(0)) {
            port = grpc.getLocalPort();
            httpPort = http.getLocalPort();
        }
        startService();
        channel = ManagedChannelBuilder.forAddress("localhost", port).usePlaintext().build();
        clarify = ClarifyServiceGrpc.newBlockingStub(channel);
    }

    @AfterAll
    static void tearDown() throws Exception {
        if (channel != null) {
            channel.shutdownNow();
        }
        if (service != null) {
            service.destroy();
            if (!service.waitFor(15, TimeUnit.SECONDS)) {
                service.destroyForcibly();
            }
        }
        if (parser != null) {
            parser.shutdownNow();
        }
        if (db != null) {
            db.close();
        }
    }

    @Test
    void sessionSurvivesKillNine() throws Exception {
        Turn first = call().start(HotelDialogue.start());
        String id = first.getSessionId();
        AnswerRequest firstAnswer = HotelDialogue.option(id, 1, "o1");
        Turn second = call().answer(firstAnswer);
        assertThat(second.getNumber()).isEqualTo(2);

        killNine();
        startService();

        Session after = call().get(GetRequest.newBuilder().setSessionId(id).build());
        assertThat(after.getState()).isEqualTo(SessionState.SESSION_STATE_OPEN);
        assertThat(after.getCurrent()).isEqualTo(second);
        assertThat(after.getTurnsList()).hasSize(1);
        // the retried first answer still gets the same turn back
        assertThat(call().answer(firstAnswer)).isEqualTo(second);

        // kill while an answer is in flight: afterwards the turn either happened completely or not at all
        AnswerRequest inFlight = HotelDialogue.text(id, 2, "no condition");
        ClarifyServiceGrpc.newFutureStub(channel).answer(inFlight);
        killNine();
        startService();
        Session now = call().get(GetRequest.newBuilder().setSessionId(id).build());
        Turn last;
        if (now.getState() == SessionState.SESSION_STATE_OPEN) {
            assertThat(now.getCurrent().getNumber()).isEqualTo(2);
            assertThat(now.getTurnsList()).hasSize(1);
            last = call().answer(inFlight);
        } else {
            assertThat(now.getTurnsList()).hasSize(2);
            last = call().answer(inFlight); // the idempotency key replays it
        }
        assertThat(last.getResolution().getCandidateId()).isEqualTo("stars");
        assertThat(last.getResolution().getReason()).isEqualTo(ResolutionReason.RESOLUTION_REASON_THRESHOLD);
        assertThat(call().get(GetRequest.newBuilder().setSessionId(id).build()).getState()).isEqualTo(SessionState.SESSION_STATE_RESOLVED);
    }

    @Test
    void rememberedChoicesSurviveKillNine() throws Exception {
        String tenant = MemoryCalls.newTenant();
        List<RememberedChoice> chosen = call().choose(MemoryCalls.choose(tenant, "hotels", "score")).getRememberedList();
        // the two forks, the name shown beside the chosen score, and the reading chosen for the question
        assertThat(chosen).extracting(RememberedChoice::getClause).containsExactly("select", "where", "select_beside", "reading");

        killNine();
        startService();

        assertThat(call().listChoices(MemoryCalls.list(tenant, "hotels")).getChoicesList()).containsExactlyInAnyOrderElementsOf(chosen);
        Turn again = call().start(MemoryCalls.start(tenant, "hotels"));
        assertThat(again.getResolution().getCandidateId()).isEqualTo("score");
        assertThat(again.getResolution().getReason()).isEqualTo(ResolutionReason.RESOLUTION_REASON_REMEMBERED);
    }

    private static ClarifyServiceGrpc.ClarifyServiceBlockingStub call() {
        return clarify.withDeadlineAfter(20, TimeUnit.SECONDS);
    }

    private static void killNine() throws InterruptedException {
        service.destroyForcibly(); // SIGKILL on Linux
        assertThat(service.waitFor(20, TimeUnit.SECONDS)).isTrue();
    }

    private static void startService() throws Exception {
        service = PackagedService.start(port, httpPort, parser.getPort(), db);
    }
}
