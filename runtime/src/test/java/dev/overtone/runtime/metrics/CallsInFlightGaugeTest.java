package dev.overtone.runtime.metrics;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.overtone.runtime.testing.RuntimeTestApp;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The per-pod load the autoscalers read: {@code overtone_grpc_calls_in_flight} on {@code /q/metrics} counts the calls
 * the gRPC server holds, through a real gRPC server and client, and falls back when they are answered.
 */
@QuarkusTest
@TestProfile(RuntimeTestApp.class)
class CallsInFlightGaugeTest {

    private static final Pattern GAUGE = Pattern.compile("(?m)^overtone_grpc_calls_in_flight(?:\\{[^}]*})? (\\S+)$");
    private static final Duration BOUND = Duration.ofSeconds(10);

    @Inject
    @GrpcService
    HeldCalls service;

    @ConfigProperty(name = "quarkus.grpc.server.test-port")
    int grpcPort;

    private ManagedChannel channel;
    private final List<ClientCall<byte[], byte[]>> calls = new ArrayList<>();

    @BeforeEach
    void connect() {
        channel = NettyChannelBuilder.forAddress("localhost", grpcPort).usePlaintext().build();
    }

    @AfterEach
    void release() throws InterruptedException {
        service.releaseAll();
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    @Test
    void theGaugeCountsTheCallsHeldAndFallsWhenTheyAreAnswered() {
        await().atMost(BOUND).until(() -> gauge() == 0.0);

        hold();
        hold();
        hold();
        await().atMost(BOUND).untilAsserted(() -> assertThat(gauge()).isEqualTo(3.0));

        service.releaseAll();
        await().atMost(BOUND).untilAsserted(() -> assertThat(gauge()).isEqualTo(0.0));
    }

    @Test
    void theGaugeIsExportedForPrometheusWithItsHelp() {
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();

        assertThat(metrics).contains("# TYPE overtone_grpc_calls_in_flight gauge",
                "# HELP overtone_grpc_calls_in_flight gRPC calls this replica is serving now");
    }

    private void hold() {
        ClientCall<byte[], byte[]> call = channel.newCall(HeldCalls.HOLD, CallOptions.DEFAULT.withDeadlineAfter(30, TimeUnit.SECONDS));
        calls.add(call);
        ClientCalls.asyncUnaryCall(call, new byte[] {1}, new StreamObserver<>() {
            @Override
            public void onNext(byte[] value) {
            }

            @Override
            public void onError(Throwable t) {
            }

            @Override
            public void onCompleted() {
            }
        });
    }

    private static double gauge() {
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        Matcher value = GAUGE.matcher(metrics);
        assertThat(value.find()).as("overtone_grpc_calls_in_flight in /q/metrics").isTrue();
        return Double.parseDouble(value.group(1));
    }
}
