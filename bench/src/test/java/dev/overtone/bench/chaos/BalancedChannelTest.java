package dev.overtone.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ForwardingServerCallListener;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The bench's channel sends no call to a replica whose health service says NOT_SERVING (still starting). */
class BalancedChannelTest {

    private final List<Server> servers = new ArrayList<>();
    private ManagedChannel channel;

    @AfterEach
    void stop() {
        channel.shutdownNow();
        servers.forEach(Server::shutdownNow);
    }

    @Test
    void aReplicaThatIsNotServingGetsNoCall() throws Exception {
        AtomicInteger starting = new AtomicInteger();
        AtomicInteger serving = new AtomicInteger();
        HealthStatusManager notYet = new HealthStatusManager();
        notYet.setStatus("", ServingStatus.NOT_SERVING);
        InetSocketAddress first = serve(notYet, starting);
        InetSocketAddress second = serve(new HealthStatusManager(), serving);
        channel = BalancedChannel.over(List.of(first, second));

        for (int call = 0; call < 20; call++) {
            HealthGrpc.newBlockingStub(channel).withWaitForReady().withDeadlineAfter(10, TimeUnit.SECONDS)
                    .check(HealthCheckRequest.newBuilder().setService("").build());
        }

        assertThat(starting).as("calls the replica that is not serving yet took").hasValue(0);
        assertThat(serving).hasValue(20);
    }

    /** A replica whose Check calls (the calls this test makes; the channel's own health checks are Watch) are counted. */
    private InetSocketAddress serve(HealthStatusManager health, AtomicInteger checks) throws Exception {
        ServerInterceptor counting = new ServerInterceptor() {
            @Override
            public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers, ServerCallHandler<Q, A> next) {
                if (call.getMethodDescriptor().getBareMethodName().equals("Check")) {
                    checks.incrementAndGet();
                }
                return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(next.startCall(call, headers)) { };
            }
        };
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress("localhost", 0))
                .addService(ServerInterceptors.intercept(health.getHealthService(), counting)).build().start();
        servers.add(server);
        return new InetSocketAddress("localhost", server.getPort());
    }
}
