package dev.overtone.parser.grpc;

import com.github.tomakehurst.wiremock.stubbing.Scenario;
import dev.overtone.proto.v1.ParseRequest;
import dev.overtone.runtime.testing.FakeOpenAiEndpoint;
import dev.overtone.proto.v1.ParseResponse;
import dev.overtone.proto.v1.ParserService;
import dev.overtone.proto.v1.RepairKind;
import dev.overtone.proto.v1.RepairRequest;
import dev.overtone.proto.v1.RepairResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Parse against a stub that answers like vLLM: what real models return, and how endpoints fail. */
@QuarkusTest
@TestProfile(LlmStubProfile.class)
class ParseWithLlmTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String PATH = "/v1/chat/completions";

    @GrpcClient("parser")
    ParserService client;

    @BeforeEach
    void reset() {
        FakeOpenAiEndpoint.server().resetAll();
    }

    private static String completion(String content) {
        return FakeOpenAiEndpoint.completion(content);
    }

    private static void answer(String content) throws Exception {
        FakeOpenAiEndpoint.server().stubFor(post(urlEqualTo(PATH)).willReturn(aResponse().withHeader("Content-Type", "application/json").withBody(completion(content))));
    }

    private ParseResponse parse() {
        return client.parse(ParseRequest.newBuilder().setInterpretation("the names of five-star hotels").setQuestion("best hotels?")
                .setSchema(TestSchemas.hotels()).build()).await().atMost(WAIT);
    }

    @Test
    void cleanAnswer() throws Exception {
        answer("SELECT name FROM hotels WHERE stars = 5");
        ParseResponse r = parse();
        assertThat(r.getSql()).isEqualTo("SELECT name FROM hotels WHERE stars = 5");
        assertThat(r.getAttempts()).isEqualTo(1);
        FakeOpenAiEndpoint.server().verify(postRequestedFor(urlEqualTo(PATH)).withRequestBody(containing("stub-model"))
                .withRequestBody(containing("hotels(id INTEGER primary key")).withRequestBody(containing("e.g. 'Grand'")));
    }

    @Test
    void fencedCode() throws Exception {
        answer("```sql\nSELECT name FROM hotels WHERE stars == 5;\n```");
        assertThat(parse().getSql()).isEqualTo("SELECT name FROM hotels WHERE stars = 5");
    }

    @Test
    void proseAroundTheSql() throws Exception {
        answer("Sure. To find them, run:\nSELECT name FROM hotels WHERE stars = 5;\nThis lists every five-star hotel.");
        assertThat(parse().getSql()).isEqualTo("SELECT name FROM hotels WHERE stars = 5");
    }

    @Test
    void hallucinatedColumnIsFixedOnTheSecondTry() throws Exception {
        FakeOpenAiEndpoint.server().stubFor(post(urlEqualTo(PATH)).inScenario("repair").whenScenarioStateIs(Scenario.STARTED).willSetStateTo("asked")
                .willReturn(aResponse().withHeader("Content-Type", "application/json").withBody(completion("SELECT hotel_name FROM hotels WHERE rating = 5"))));
        FakeOpenAiEndpoint.server().stubFor(post(urlEqualTo(PATH)).inScenario("repair").whenScenarioStateIs("asked")
                .willReturn(aResponse().withHeader("Content-Type", "application/json").withBody(completion("SELECT name FROM hotels WHERE stars = 5"))));
        ParseResponse r = parse();
        assertThat(r.getSql()).isEqualTo("SELECT name FROM hotels WHERE stars = 5");
        assertThat(r.getAttempts()).isEqualTo(2);
        assertThat(r.getRepairedErrorsList()).singleElement().asString().contains("hotel_name");
        FakeOpenAiEndpoint.server().verify(postRequestedFor(urlEqualTo(PATH)).withRequestBody(containing("not valid")));
    }

    @Test
    void garbageGivesUpWithTheLastError() throws Exception {
        answer("I am not able to write that query.");
        assertThatThrownBy(this::parse).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
            assertThat(e.getStatus().getDescription()).contains("after 3 model answers").contains("no SQL");
        });
        FakeOpenAiEndpoint.server().verify(3, postRequestedFor(urlEqualTo(PATH)));
    }

    @Test
    void aServerErrorThenAGoodAnswerIsRetriedOnce() throws Exception {
        FakeOpenAiEndpoint.server().stubFor(post(urlEqualTo(PATH)).inScenario("500").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(500).withBody("{\"error\":\"boom\"}")).willSetStateTo("ok"));
        FakeOpenAiEndpoint.server().stubFor(post(urlEqualTo(PATH)).inScenario("500").whenScenarioStateIs("ok")
                .willReturn(aResponse().withHeader("Content-Type", "application/json").withBody(completion("SELECT name FROM hotels"))));
        assertThat(parse().getSql()).isEqualTo("SELECT name FROM hotels");
        FakeOpenAiEndpoint.server().verify(2, postRequestedFor(urlEqualTo(PATH)));
    }

    @Test
    void aCutOffBodyIsRetriedOnce() throws Exception {
        FakeOpenAiEndpoint.server().stubFor(post(urlEqualTo(PATH)).inScenario("cut").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withHeader("Content-Type", "application/json").withBody("{\"id\":\"chatcmpl-1\",\"obj"))
                .willSetStateTo("ok"));
        FakeOpenAiEndpoint.server().stubFor(post(urlEqualTo(PATH)).inScenario("cut").whenScenarioStateIs("ok")
                .willReturn(aResponse().withHeader("Content-Type", "application/json").withBody(completion("SELECT name FROM hotels"))));
        assertThat(parse().getSql()).isEqualTo("SELECT name FROM hotels");
    }

    @Test
    void anUnknownModelIsNotRetried() {
        FakeOpenAiEndpoint.server().stubFor(post(urlEqualTo(PATH)).willReturn(aResponse().withStatus(404)
                .withBody("{\"object\":\"error\",\"message\":\"The model `stub-model` does not exist.\",\"code\":404}")));
        assertThatThrownBy(this::parse).isInstanceOf(StatusRuntimeException.class);
        FakeOpenAiEndpoint.server().verify(1, postRequestedFor(urlEqualTo(PATH)));
    }

    @Test
    void serverErrorIsUnavailable() {
        FakeOpenAiEndpoint.server().stubFor(post(urlEqualTo(PATH)).willReturn(aResponse().withStatus(500).withBody("{\"error\":\"boom\"}")));
        assertThatThrownBy(this::parse).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
            assertThat(e.getStatus().getDescription()).contains("LLM endpoint");
        });
        FakeOpenAiEndpoint.server().verify(2, postRequestedFor(urlEqualTo(PATH)));
    }

    @Test
    void slowEndpointIsDeadlineExceeded() throws Exception {
        FakeOpenAiEndpoint.server().stubFor(post(urlEqualTo(PATH)).willReturn(aResponse().withHeader("Content-Type", "application/json")
                .withBody(completion("SELECT name FROM hotels")).withFixedDelay(9000)));
        assertThatThrownBy(this::parse).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
            assertThat(e.getStatus().getDescription()).contains("did not answer within 4s");
        });
    }

    @Test
    void repairAsksTheModelWithTheEnginesErrorWhenNoRuleApplies() throws Exception {
        answer("SELECT name FROM hotels WHERE stars >= 4");
        String failing = "SELECT name FROM hotels WHERE stars >= '4 stars'";
        RepairResponse r = client.repair(RepairRequest.newBuilder().setSql(failing).setSchema(TestSchemas.hotels())
                .setErrorMessage("datatype mismatch").setQuestion("good hotels").build()).await().atMost(WAIT);
        assertThat(r.getRepairsCount()).isEqualTo(1);
        assertThat(r.getRepairs(0).getSql()).isEqualTo("SELECT name FROM hotels WHERE stars >= 4");
        assertThat(r.getRepairs(0).getRepair().getKind()).isEqualTo(RepairKind.REPAIR_KIND_LLM_REWRITE);
        assertThat(r.getRepairs(0).getRepair().getOriginalSql()).isEqualTo(failing);
        FakeOpenAiEndpoint.server().verify(postRequestedFor(urlEqualTo(PATH)).withRequestBody(containing("datatype mismatch"))
                .withRequestBody(containing("4 stars")));
    }
}
