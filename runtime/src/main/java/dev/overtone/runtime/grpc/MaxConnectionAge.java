package dev.overtone.runtime.grpc;

import io.grpc.netty.NettyServerBuilder;
import io.quarkus.grpc.api.ServerBuilderCustomizer;
import io.quarkus.grpc.runtime.config.GrpcServerConfiguration;
import io.vertx.grpc.VertxServerBuilder;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The gRPC server closes each client connection once it is {@code overtone.grpc.server.max-connection-age} old: it
 * sends GOAWAY (the caller's channel opens a new connection for its next calls, and {@code round_robin} asks its name
 * resolver again), and the calls still running on the old connection get {@code overtone.grpc.server.max-connection-age-grace}
 * to finish. In Kubernetes the callers resolve a headless Service by DNS, which they do again only when a connection
 * goes away: without an age a caller would never reach a pod added after it connected. grpc-java adds a random
 * ±10 % to the age, so the callers' reconnects spread out. Unset (bin/overtone, where Stork's static list names
 * every replica), connections live as long as the client keeps them.
 */
@Singleton
public class MaxConnectionAge implements ServerBuilderCustomizer<VertxServerBuilder> {

    private final Optional<Duration> age;
    private final Duration grace;

    MaxConnectionAge(@ConfigProperty(name = "overtone.grpc.server.max-connection-age") Optional<Duration> age,
                     @ConfigProperty(name = "overtone.grpc.server.max-connection-age-grace", defaultValue = "10s") Duration grace) {
        age.ifPresent(value -> requirePositive("overtone.grpc.server.max-connection-age", value));
        requirePositive("overtone.grpc.server.max-connection-age-grace", grace);
        this.age = age;
        this.grace = grace;
    }

    @Override
    public void customize(GrpcServerConfiguration config, VertxServerBuilder builder) {
        apply(builder.nettyBuilder());
    }

    /** Sets the age and grace on grpc-java's own builder (the separate server's, under Vert.x's wrapper). */
    void apply(NettyServerBuilder builder) {
        age.ifPresent(value -> builder.maxConnectionAge(value.toMillis(), TimeUnit.MILLISECONDS)
                .maxConnectionAgeGrace(grace.toMillis(), TimeUnit.MILLISECONDS));
    }

    private static void requirePositive(String key, Duration value) {
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(key + " is " + value + "; set a positive duration such as 30s, or leave"
                    + " max-connection-age unset for connections without an age");
        }
    }
}
