package dev.overtone.runtime.health;

import io.grpc.Server;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.core.Verticle;
import io.vertx.core.Vertx;
import io.vertx.core.impl.Deployment;
import io.vertx.core.impl.VertxInternal;
import io.vertx.grpc.VertxServer;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Stops this service's gRPC server from taking new calls while the calls it holds go on: grpc-java's graceful
 * {@code Server.shutdown()} of the Netty server itself, which sends every client GOAWAY (a client's balancer then
 * stops choosing this replica; a call that crossed the GOAWAY is either served or refused with REFUSED_STREAM,
 * which the client's channel retries on another replica) and closes the listening port.
 * <p>
 * Quarkus runs the separate gRPC server ({@code quarkus.grpc.server.use-separate-server=true}) as vertx-grpc's
 * {@code VertxServer} inside a verticle. Stopping that verticle is not graceful: vertx-grpc's stop first takes the
 * verticle's context out of the executor every call is dispatched through, and only then, on a worker thread,
 * shuts the Netty server down. A call that arrives in between (and one the client sends before it has read the
 * GOAWAY) finds no executor ({@code IndexOutOfBoundsException} in {@code VertxServer$ActualServer}), and grpc-java
 * resets its stream: the caller gets {@code INTERNAL} "RST_STREAM closed stream", which no retry policy covers.
 * Under load the worker thread is late and that window is long. So the Netty server is shut down here, directly
 * ({@link VertxServer#getRawServer()}, read from Quarkus's verticle), with the verticle and its executor left alone
 * until Quarkus stops it at exit, when no connection is left.
 */
@Singleton
@RegisterForReflection(classNames = GrpcServerStop.SERVER_VERTICLE, fields = true, methods = false)
public class GrpcServerStop {

    private static final Logger LOG = Logger.getLogger(GrpcServerStop.class);
    /** Quarkus's verticle that holds the separate gRPC server. */
    static final String SERVER_VERTICLE = "io.quarkus.grpc.runtime.GrpcServerRecorder$GrpcServerVerticle";
    /** Its field that holds the server it started (a {@link VertxServer}). */
    static final String SERVER_FIELD = "grpcServer";

    private final Vertx vertx;
    private final String verticleClass;

    @Inject
    GrpcServerStop(Vertx vertx) {
        this(vertx, SERVER_VERTICLE);
    }

    /** For a test: servers held in the field {@link #SERVER_FIELD} of verticles of another class. */
    GrpcServerStop(Vertx vertx, String verticleClass) {
        this.vertx = vertx;
        this.verticleClass = verticleClass;
    }

    /**
     * Shuts the gRPC server down gracefully and returns at once: GOAWAY sent, port closed, the calls held go on
     * (their end is awaited by {@link Drain}). False when no gRPC server was found to stop.
     */
    public boolean stopAccepting() {
        List<Server> servers = servers();
        if (servers.isEmpty()) {
            LOG.warn("no gRPC server found to stop gracefully; calls in flight may be cut off at exit");
            return false;
        }
        servers.forEach(Server::shutdown);
        return true;
    }

    /** Waits until every connection of the stopped server has closed (at most the bound); true when it has. */
    public boolean awaitTermination(Duration bound) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        for (Server server : servers()) {
            if (!server.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                return false;
            }
        }
        return true;
    }

    /** The Netty servers the gRPC verticles hold (one, shared, when Quarkus runs several verticle instances). */
    private List<Server> servers() {
        if (!(vertx instanceof VertxInternal internal)) {
            LOG.warn("cannot find the gRPC server: Vert.x is not the expected implementation");
            return List.of();
        }
        Set<Server> servers = Collections.newSetFromMap(new IdentityHashMap<>());
        for (String id : vertx.deploymentIDs()) {
            Deployment deployment = internal.getDeployment(id);
            if (deployment == null) {
                continue;
            }
            for (Verticle verticle : deployment.getVerticles()) {
                if (verticle.getClass().getName().equals(verticleClass)) {
                    Server server = serverOf(verticle);
                    if (server != null) {
                        servers.add(server instanceof VertxServer held ? held.getRawServer() : server);
                    }
                }
            }
        }
        return new ArrayList<>(servers);
    }

    private static Server serverOf(Verticle verticle) {
        try {
            Field field = verticle.getClass().getDeclaredField(SERVER_FIELD);
            field.setAccessible(true);
            return field.get(verticle) instanceof Server server ? server : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.warnf("cannot read the gRPC server of %s (%s): was quarkus-grpc upgraded? GrpcServerStopTest says what is expected",
                    verticle.getClass().getName(), e);
            return null;
        }
    }
}
