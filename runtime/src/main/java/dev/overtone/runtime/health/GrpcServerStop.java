package dev.overtone.runtime.health;

import io.vertx.core.Verticle;
import io.vertx.core.Vertx;
import io.vertx.core.impl.Deployment;
import io.vertx.core.impl.VertxInternal;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Stops this service's gRPC server from taking new calls while the calls it holds go on: grpc-java's
 * graceful {@code Server.shutdown()}, which sends every client GOAWAY (a client's balancer then stops
 * choosing this replica, and a call that crossed the GOAWAY is retried by the client's channel on another
 * replica) and closes the listening port. Quarkus runs the separate gRPC server
 * ({@code quarkus.grpc.server.use-separate-server=true}) in a verticle whose stop is that shutdown; this
 * undeploys it. Without it, Quarkus stops the server only when it closes Vert.x, and the calls in flight die.
 */
@Singleton
public class GrpcServerStop {

    private static final Logger LOG = Logger.getLogger(GrpcServerStop.class);
    /** Quarkus's verticle that holds the separate gRPC server. */
    static final String SERVER_VERTICLE = "io.quarkus.grpc.runtime.GrpcServerRecorder$GrpcServerVerticle";

    private final Vertx vertx;

    GrpcServerStop(Vertx vertx) {
        this.vertx = vertx;
    }

    /** Returns once the server no longer accepts (at most the bound); false when no gRPC server was found. */
    public boolean stopAccepting(Duration bound) {
        if (!(vertx instanceof VertxInternal internal)) {
            LOG.warn("cannot find the gRPC server to stop it gracefully: Vert.x is not the expected implementation");
            return false;
        }
        List<String> servers = vertx.deploymentIDs().stream().filter(id -> holdsServer(internal.getDeployment(id))).toList();
        if (servers.isEmpty()) {
            LOG.warn("no gRPC server verticle found to stop gracefully; calls in flight may be cut off at exit");
            return false;
        }
        for (String id : servers) {
            try {
                vertx.undeploy(id).toCompletionStage().toCompletableFuture().get(bound.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (Exception e) {
                LOG.warnf("the gRPC server did not stop taking calls within %s: %s", bound, e.getMessage());
            }
        }
        return true;
    }

    private static boolean holdsServer(Deployment deployment) {
        if (deployment == null) {
            return false;
        }
        for (Verticle verticle : deployment.getVerticles()) {
            if (verticle.getClass().getName().equals(SERVER_VERTICLE)) {
                return true;
            }
        }
        return false;
    }
}
