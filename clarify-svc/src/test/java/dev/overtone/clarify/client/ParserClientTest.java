package dev.overtone.clarify.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.service.ClarifyException;
import dev.overtone.clarify.service.SlotValue;
import dev.overtone.clarify.support.FakeParserServer;
import dev.overtone.proto.v1.AnalyzeRequest;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.ParserServiceGrpc;
import dev.overtone.runtime.testing.ConfigStub;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * clarify-svc's Analyze client over real gRPC: the slots as the real parser-svc writes them (its recordings), a SQL it
 * cannot parse the caller's INVALID_ARGUMENT naming the candidate, and parser-svc down or too slow UNAVAILABLE.
 */
class ParserClientTest {
    private static final String ROME = "SELECT hotels.name, hotels.stars FROM hotels WHERE hotels.city = 'Rome' ORDER BY hotels.name";
    private static final Duration WAIT = Duration.ofSeconds(20);

    private Server server;
    private ManagedChannel channel;

    @AfterEach
    void stop() {
        channel.shutdownNow();
        server.shutdownNow();
    }

    @Test
    void eachSlotKeepsItsPathValueLabelAndSchemaElements() throws Exception {
        server = FakeParserServer.start();

        List<SlotValue> slots = client(Duration.ofSeconds(5)).slots("r1", ROME).await().atMost(WAIT);

        assertThat(slots).hasSize(FakeParserServer.analysis(ROME).getSlotsCount());
        assertThat(slots.get(1)).isEqualTo(new SlotValue("select[1]", "hotels.stars", "shows stars of hotels", List.of("hotels.stars")));
        FakeParserServer.assertEveryCallRecorded();
    }

    @Test
    void aSqlParserSvcCannotParseIsTheCallersMistakeNamingTheCandidate() throws Exception {
        server = answering((request, out) -> out.onError(Status.INVALID_ARGUMENT
                .withDescription("syntax error near 'FORM'").asRuntimeException()));

        assertThatThrownBy(() -> client(Duration.ofSeconds(5)).slots("r7", "SELECT name FORM hotels").await().atMost(WAIT))
                .isInstanceOfSatisfying(ClarifyException.class, e -> assertThat(e.kind()).isEqualTo(ClarifyException.Kind.INVALID_ARGUMENT))
                .hasMessageStartingWith("candidate 'r7': parser-svc cannot parse its SQL: ")
                .hasMessageContaining("syntax error near 'FORM'");
    }

    @Test
    void parserSvcDownOrTooSlowIsUnavailableSayingWhyClarifyNeedsIt() throws Exception {
        server = answering((request, out) -> out.onError(Status.UNAVAILABLE.withDescription("shutting down").asRuntimeException()));
        assertThatThrownBy(() -> client(Duration.ofSeconds(5)).slots("r1", ROME).await().atMost(WAIT))
                .isInstanceOfSatisfying(ClarifyException.class, e -> assertThat(e.kind()).isEqualTo(ClarifyException.Kind.UNAVAILABLE))
                .hasMessageEndingWith("; clarify-svc needs its Analyze to find what tells the candidates apart");

        stop();
        server = answering((request, out) -> { });
        assertThatThrownBy(() -> client(Duration.ofMillis(200)).slots("r1", ROME).await().atMost(WAIT))
                .isInstanceOfSatisfying(ClarifyException.class, e -> assertThat(e.kind()).isEqualTo(ClarifyException.Kind.UNAVAILABLE))
                .hasMessageContaining("200 ms");
    }

    private static Server answering(ServerCalls.UnaryMethod<AnalyzeRequest, AnalyzeResponse> analyze) throws Exception {
        return NettyServerBuilder.forPort(0).addService(ServerServiceDefinition.builder(ParserServiceGrpc.SERVICE_NAME)
                .addMethod(ParserServiceGrpc.getAnalyzeMethod(), ServerCalls.asyncUnaryCall(analyze)).build()).build().start();
    }

    private ParserClient client(Duration deadline) {
        channel = ManagedChannelBuilder.forAddress("localhost", server.getPort()).usePlaintext().build();
        ParserClient client = new ParserClient();
        client.channel = channel;
        client.config = ConfigStub.of(ClarifyConfig.class,
                Map.of("parser", ConfigStub.of(ClarifyConfig.Parser.class, Map.of("deadline", deadline))));
        client.init();
        return client;
    }
}
