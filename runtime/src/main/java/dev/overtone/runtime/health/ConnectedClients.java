package dev.overtone.runtime.health;

import io.grpc.Attributes;
import io.grpc.ServerTransportFilter;
import io.quarkus.grpc.api.ServerBuilderCustomizer;
import io.quarkus.grpc.runtime.config.GrpcServerConfiguration;
import io.vertx.grpc.VertxServerBuilder;
import jakarta.inject.Singleton;


/**
 * The client connections (HTTP/2 transports) this service's gRPC server holds now. A caller's channel holds one
 * connection to each replica it balances over, so a restarted replica is back in its callers' rotation once they
 * have all connected again: {@code bin/overtone restart} waits until it holds as many as before it was stopped
 * (their reconnect backoff can take seconds) before it stops the next replica. {@link Drain} waits for the count to
 * reach zero: a connection closes after GOAWAY once its last response has gone out, so then nothing is left unsent. The builder is the separate server's
 * ({@code quarkus.grpc.server.use-separate-server=true}), grpc-java's Netty server wrapped by Vert.x. Reported by the {@link Drain} readiness check as {@code connections}.
 */
@Singleton
public class ConnectedClients extends HeldCount implements ServerBuilderCustomizer<VertxServerBuilder> {

    private static final Attributes.Key<Boolean> COUNTED = Attributes.Key.create("overtone.connected-clients.counted");

    @Override
    public void customize(GrpcServerConfiguration config, VertxServerBuilder builder) {
        builder.addTransportFilter(new ServerTransportFilter() {
            @Override
            public Attributes transportReady(Attributes attributes) {
                changeBy(1);
                return attributes.toBuilder().set(COUNTED, Boolean.TRUE).build();
            }

            @Override
            public void transportTerminated(Attributes attributes) {
                if (attributes != null && Boolean.TRUE.equals(attributes.get(COUNTED))) {
                    changeBy(-1);
                }
            }
        });
    }
}
