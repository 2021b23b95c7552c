package dev.overtone.runtime.grpc;

import static dev.overtone.runtime.grpc.EchoMethods.EXECUTE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.runtime.balancing.SlowStartLoadBalancerProvider;
import dev.overtone.runtime.testing.FreePort;
import dev.overtone.runtime.testing.GrpcCleanup;
import io.grpc.CallOptions;
import io.grpc.EquivalentAddressGroup;
import io.grpc.ManagedChannel;
import io.grpc.NameResolver;
import io.grpc.Server;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What every client channel of a service is given: its service config from the knobs, and never the one its name
 * resolver sends (Stork's would drop the retries). On a real channel and server, with a resolver that sends a service
 * config of its own.
 */
class RetryingChannelsTest {
    @RegisterExtension
    final GrpcCleanup started = new GrpcCleanup();

    @Test
    @SuppressWarnings("deprecation") // nameResolverFactory: this channel's own resolver
    void theResolversServiceConfigIsIgnoredSoAnIdempotentCallIsStillRetried() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        Server server = started.register(EchoMethods.serve(FreePort.take(), EXECUTE, attempts, 1));
        NettyChannelBuilder builder = NettyChannelBuilder.forTarget(ResolverWithConfig.SCHEME + ":///executor")
                .nameResolverFactory(new ResolverWithConfig(server.getPort())).usePlaintext();
        Map<String, Object> config = channels(false, Duration.ZERO, false).customize("executor", null, builder);
        ManagedChannel channel = started.register(builder.defaultServiceConfig(config).build());

        byte[] answer = ClientCalls.blockingUnaryCall(channel, EXECUTE, CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS),
                new byte[] {3});

        assertThat(answer).isEqualTo(new byte[] {3});
        assertThat(attempts.get()).as("attempts: the first UNAVAILABLE, then its retry").isEqualTo(2);
    }

    @Test
    void theKnobsChooseHealthCheckingAndTheSlowStartWindowAndCap() {
        Map<String, Object> plain = channels(false, Duration.ZERO, false).customize("executor", null, NettyChannelBuilder.forTarget("x"));
        assertThat(plain).doesNotContainKey("healthCheckConfig");
        assertThat(plain.get("loadBalancingConfig")).isEqualTo(List.of(Map.of("round_robin", Map.of())));

        Map<String, Object> slow = channels(true, Duration.ofSeconds(10), true).customize("executor", null, NettyChannelBuilder.forTarget("x"));
        assertThat(slow).containsKey("healthCheckConfig").containsKey("methodConfig");
        assertThat(slow.get("loadBalancingConfig")).isEqualTo(List.of(
                Map.of(SlowStartLoadBalancerProvider.POLICY, Map.of("windowMillis", 10_000.0, "capOpenCalls", true)),
                Map.of("round_robin", Map.of())));
    }

    private static RetryingChannels channels(boolean healthChecking, Duration slowStart, boolean cap) {
        RetryingChannels channels = new RetryingChannels();
        channels.healthChecking = healthChecking;
        channels.slowStart = slowStart;
        channels.slowStartCap = cap;
        return channels;
    }

    /** A resolver that, as Stork's does, sends a service config with the address: one without retries. */
    private static final class ResolverWithConfig extends NameResolver.Factory {
        static final String SCHEME = "with-config";
        private final int port;

        ResolverWithConfig(int port) {
            this.port = port;
        }

        @Override
        public NameResolver newNameResolver(URI target, NameResolver.Args args) {
            return new NameResolver() {
                @Override
                public String getServiceAuthority() {
                    return "executor";
                }

                @Override
                public void start(Listener2 listener) {
                    Map<String, ?> noRetries = Map.of("loadBalancingConfig", List.of(Map.of("pick_first", Map.of())));
                    listener.onResult(ResolutionResult.newBuilder()
                            .setAddresses(List.of(new EquivalentAddressGroup(new InetSocketAddress("localhost", port))))
                            .setServiceConfig(args.getServiceConfigParser().parseServiceConfig(noRetries)).build());
                }

                @Override
                public void shutdown() {
                }
            };
        }

        @Override
        public String getDefaultScheme() {
            return SCHEME;
        }
    }
}
