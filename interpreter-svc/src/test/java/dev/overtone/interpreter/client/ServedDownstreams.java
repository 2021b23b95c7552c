package dev.overtone.interpreter.client;

import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerBuilder;
import io.grpc.ServerServiceDefinition;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * {@link Downstreams} over real gRPC, outside Quarkus: one server on a free port serves the given services (definitions,
 * not {@code *ImplBase} classes, which every {@code @QuarkusTest} app of the module would serve) and parser-svc, infill-svc
 * and clarify-svc are dialled there and so is executor-svc, unless a test gives one of them a port of its own.
 */
public final class ServedDownstreams implements AutoCloseable {
    private final Server server;
    private final ManagedChannel executor;
    private final ManagedChannel others;
    private final Downstreams downstreams = new Downstreams();

    private ServedDownstreams(Server server, int executorPort, int othersPort) {
        this.server = server;
        this.others = dial(othersPort);
        this.executor = executorPort == othersPort ? others : dial(executorPort);
        downstreams.executorChannel = executor;
        downstreams.parserChannel = others;
        downstreams.infillChannel = others;
        downstreams.clarifyChannel = others;
        downstreams.init();
    }

    public static ServedDownstreams serving(ServerServiceDefinition... services) throws IOException {
        Server server = start(services);
        return new ServedDownstreams(server, server.getPort(), server.getPort());
    }

    /** The same with executor-svc at {@code executorPort} (a port nobody listens on, for an executor-svc that is down). */
    public static ServedDownstreams executorAt(int executorPort, ServerServiceDefinition... services) throws IOException {
        Server server = start(services);
        return new ServedDownstreams(server, executorPort, server.getPort());
    }

    /** The same with parser-svc, infill-svc and clarify-svc at {@code port}, executor-svc at the server. */
    public static ServedDownstreams othersAt(int port, ServerServiceDefinition... services) throws IOException {
        Server server = start(services);
        return new ServedDownstreams(server, server.getPort(), port);
    }

    public Downstreams downstreams() {
        return downstreams;
    }

    private static Server start(ServerServiceDefinition... services) throws IOException {
        ServerBuilder<?> builder = Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create());
        for (ServerServiceDefinition s : services) {
            builder.addService(s);
        }
        return builder.build().start();
    }

    private static ManagedChannel dial(int port) {
        return Grpc.newChannelBuilderForAddress("localhost", port, InsecureChannelCredentials.create()).build();
    }

    @Override
    public void close() throws InterruptedException {
        executor.shutdownNow();
        others.shutdownNow();
        server.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
}
