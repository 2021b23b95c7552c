package dev.overtone.clarify.grpc;

import static dev.overtone.clarify.grpc.ClarifyGrpcServiceTest.assertStatus;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.HotelDialogue;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.StartRequest;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** parser-svc unreachable: Start says so (UNAVAILABLE naming parser-svc); no silent fallback. */
@QuarkusTest
@TestProfile(ParserDownTest.NoParser.class)
@QuarkusTestResource(EmbeddedPostgresResource.class)
class ParserDownTest {

    public static class NoParser implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.grpc.clients.parser.port", "1", "quarkus.grpc.clients.parser.test-port", "1", "overtone.clarify.parser.deadline", "3s");
        }
    }

    @GrpcClient("clarify")
    ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify;

    @Test
    void startIsUnavailableNamingParserSvc() {
        assertStatus(() -> clarify.start(HotelDialogue.start()), Status.Code.UNAVAILABLE, "parser-svc at localhost:1");
        // one reading needs no parser
        assertThat(clarify.start(StartRequest.newBuilder().setQuestion("q")
                .addCandidates(Candidate.newBuilder().setId("only").setSql(HotelDialogue.STARS)).build()).hasResolution()).isTrue();
    }
}
