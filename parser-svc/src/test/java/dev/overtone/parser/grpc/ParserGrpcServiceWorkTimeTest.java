package dev.overtone.parser.grpc;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.proto.v1.AnalyzeRequest;
import dev.overtone.proto.v1.NormalizeRequest;
import dev.overtone.proto.v1.ParseRequest;
import dev.overtone.proto.v1.ParserService;
import dev.overtone.proto.v1.RepairRequest;
import dev.overtone.runtime.testing.FakeOpenAiEndpoint;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The work-time limit holds every model-free call's parses: with none left, such a call stops at its first parse,
 * naming the knob. Parse and Repair, which may wait on the model, are not held to it.
 */
@QuarkusTest
@TestProfile(ParserGrpcServiceWorkTimeTest.NoWorkTime.class)
class ParserGrpcServiceWorkTimeTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @GrpcClient("parser")
    ParserService client;

    @Test
    void aModelFreeCallThatParsesIsDeadlineExceededNamingTheKnobOneThatDoesNotParseIsAnswered() {
        assertThatThrownBy(() -> client.analyze(AnalyzeRequest.newBuilder().setSql("SELECT name FROM hotels")
                .setSchema(TestSchemas.hotels()).build()).await().atMost(WAIT))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
                    assertThat(e.getStatus().getDescription()).contains("after 0 ms (overtone.parser.limits.work-time)");
                });
        assertThat(client.normalize(NormalizeRequest.newBuilder().setSql("SELECT [name] FROM hotels").setTargetDialect("postgresql")
                .build()).await().atMost(WAIT).getSql()).isEqualTo("SELECT name FROM hotels");
    }

    @Test
    void parseAndRepairWhichMayWaitOnTheModelAreNotHeldToTheWorkTime() {
        FakeOpenAiEndpoint.server().stubFor(post(urlEqualTo("/v1/chat/completions")).willReturn(aResponse()
                .withHeader("Content-Type", "application/json").withBody(FakeOpenAiEndpoint.completion("SELECT name FROM hotels WHERE stars = 5"))));
        assertThat(client.parse(ParseRequest.newBuilder().setInterpretation("the names of five-star hotels")
                .setSchema(TestSchemas.hotels()).build()).await().atMost(WAIT).getSql()).isEqualTo("SELECT name FROM hotels WHERE stars = 5");
        assertThat(client.repair(RepairRequest.newBuilder().setSql("SELECT nmae FROM hotels").setErrorMessage("no such column: nmae")
                .setSchema(TestSchemas.hotels()).build()).await().atMost(WAIT).getRepairsList()).isNotEmpty();
    }

    /** The LLM stub, and no work time at all. */
    public static class NoWorkTime extends LlmStubProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
            overrides.put("overtone.parser.limits.work-time", "0s");
            return overrides;
        }
    }
}
