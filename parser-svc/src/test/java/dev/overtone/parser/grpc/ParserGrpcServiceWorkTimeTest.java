package dev.overtone.parser.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.proto.v1.AnalyzeRequest;
import dev.overtone.proto.v1.NormalizeRequest;
import dev.overtone.proto.v1.ParserService;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The work-time limit is applied to every call's parses: with none left, a call that parses stops, naming the knob. */
@QuarkusTest
@TestProfile(ParserGrpcServiceWorkTimeTest.NoWorkTime.class)
class ParserGrpcServiceWorkTimeTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @GrpcClient("parser")
    ParserService client;

    @Test
    void aCallThatParsesAfterItsWorkTimeIsDeadlineExceededNamingTheKnobOneThatDoesNotParseIsAnswered() {
        assertThatThrownBy(() -> client.analyze(AnalyzeRequest.newBuilder().setSql("SELECT name FROM hotels")
                .setSchema(TestSchemas.hotels()).build()).await().atMost(WAIT))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
                    assertThat(e.getStatus().getDescription()).contains("after 0 ms (overtone.parser.limits.work-time)");
                });
        assertThat(client.normalize(NormalizeRequest.newBuilder().setSql("SELECT [name] FROM hotels").setTargetDialect("postgresql")
                .build()).await().atMost(WAIT).getSql()).isEqualTo("SELECT name FROM hotels");
    }

    public static class NoWorkTime implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("overtone.parser.limits.work-time", "0s");
        }
    }
}
