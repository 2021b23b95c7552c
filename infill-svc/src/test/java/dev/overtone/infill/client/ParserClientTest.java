package dev.overtone.infill.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.proto.v1.ParserServiceGrpc;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.VariantsBatchRequest;
import dev.overtone.proto.v1.VariantsBatchResponse;
import dev.overtone.proto.v1.VariantsResult;
import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.runtime.testing.FreePort;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCalls;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * infill-svc's parser-svc calls over real gRPC: VariantsBatch sends what it is given and answers one result per SQL in
 * order; a call finds parser-svc down at once, while the warm-up's call waits for it to listen until its bound.
 */
class ParserClientTest {
    private static final Schema HOTELS = Schema.newBuilder().setDialect("sqlite").build();

    private final List<VariantsBatchRequest> received = new CopyOnWriteArrayList<>();
    private Server server;
    private ManagedChannel channel;

    @AfterEach
    void stop() {
        channel.shutdownNow();
        if (server != null) {
            server.shutdownNow();
        }
    }

    @Test
    void variantsSendsTheSourcesPartnersAndLimitsAndAnswersOneResultPerSqlInOrder() throws Exception {
        server = NettyServerBuilder.forPort(0).addService(ServerServiceDefinition.builder(ParserServiceGrpc.SERVICE_NAME)
                .addMethod(ParserServiceGrpc.getVariantsBatchMethod(), ServerCalls.asyncUnaryCall((request, out) -> {
                    received.add(request);
                    VariantsBatchResponse.Builder response = VariantsBatchResponse.newBuilder();
                    request.getSqlsList().forEach(sql -> response.addResults(VariantsResult.newBuilder().setCanonicalSql(sql.toLowerCase())));
                    out.onNext(response.build());
                    out.onCompleted();
                })).build()).build().start();

        List<VariantsResult> results = client(server.getPort()).variants(List.of("SELECT A", "SELECT B"), List.of("SELECT C"),
                HOTELS, "Return the rating of each hotel.", 4, List.of("column"), 5_000);

        assertThat(results).extracting(VariantsResult::getCanonicalSql).containsExactly("select a", "select b");
        VariantsBatchRequest sent = received.get(0);
        assertThat(sent.getSqlsList()).containsExactly("SELECT A", "SELECT B");
        assertThat(sent.getPartnersList()).containsExactly("SELECT C");
        assertThat(sent.getMaxVariants()).isEqualTo(4);
        assertThat(sent.getFamiliesList()).containsExactly("column");
        assertThat(sent.getQuestion()).isEqualTo("Return the rating of each hotel.");
    }

    @Test
    void aCallFindsParserSvcDownAtOnce() {
        ParserClient parser = client(FreePort.take());

        assertThatThrownBy(() -> parser.analyze(List.of("SELECT 1"), HOTELS, 5_000))
                .isInstanceOfSatisfying(DownstreamFailure.class, f -> assertThat(f.code()).isEqualTo(Status.Code.UNAVAILABLE));
    }

    @Test
    void theWarmUpsCallWaitsForParserSvcToListenUntilItsBound() {
        ParserClient parser = client(FreePort.take());

        assertThatThrownBy(() -> parser.analyzeOnceReachable(List.of("SELECT 1"), HOTELS, Duration.ofMillis(300)))
                .isInstanceOfSatisfying(DownstreamFailure.class, f -> assertThat(f.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED));
    }

    private ParserClient client(int port) {
        channel = ManagedChannelBuilder.forAddress("localhost", port).usePlaintext().build();
        ParserClient client = new ParserClient();
        client.channel = channel;
        client.init();
        return client;
    }
}
