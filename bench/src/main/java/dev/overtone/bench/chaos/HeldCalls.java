package dev.overtone.bench.chaos;

import io.grpc.Attributes;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientStreamTracer;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The calls the bench has open on each interpreter-svc replica (by its gRPC port), counted per gRPC stream, one per
 * attempt: a stream counts from the moment the channel puts it on a replica's connection until it closes.
 * {@link #kill} signals a replica while no stream can be put on a connection or close, so what it reads is exactly
 * the calls that replica held when it was sent SIGKILL. After the kill it follows how those ended, and the streams
 * the channel still put on the dead replica's connection (told apart from a new connection to the replica started
 * again on that port by the connection's local address) before it saw that connection go down, split by
 * {@link #gone}: a process sent SIGKILL is not gone at once. Until its last thread has exited (a JVM's dozens, and its
 * address space torn down: 156 ms in a chaos run at load 28), its sockets stay open and its kernel takes in what the
 * bench sends; those calls die with it as the ones it held at the signal did.
 */
final class HeldCalls extends ClientStreamTracer.Factory implements ClientInterceptor {

    /** What one kill found and what followed it. */
    static final class Kill {
        final int port;
        final int held;
        private final Set<Tracer> heldStreams;
        private final Set<SocketAddress> deadConnections = new HashSet<>();
        private final List<Tracer> sentAfter = new ArrayList<>();
        private final long signalNanos = System.nanoTime();
        private long lastAliveNanos = Long.MAX_VALUE;
        private int heldFailed;

        private Kill(int port, Set<Tracer> heldStreams) {
            this.port = port;
            this.heldStreams = heldStreams;
            this.held = heldStreams.size();
            heldStreams.forEach(stream -> deadConnections.add(stream.connection));
        }
    }

    /**
     * A kill's counts as they stand: held at the signal and how many of those failed; streams sent on its dead
     * connection while the process was still seen alive (dying) and after it was seen gone, and how many of each failed;
     * milliseconds from the signal to the last time the process was seen alive (-1: not known yet).
     */
    record Counts(int held, int heldFailed, int sentWhileDying, int sentWhileDyingFailed, int sentAfterGone,
            int sentAfterGoneFailed, long dyingMillis) {
    }

    private final Object lock = new Object();
    private final Map<Integer, Set<Tracer>> open = new HashMap<>();
    private final Map<Integer, Long> sent = new HashMap<>();
    private final Map<Integer, SocketAddress> lastConnection = new HashMap<>();
    private Kill last;

    @Override
    public <Q, A> ClientCall<Q, A> interceptCall(MethodDescriptor<Q, A> method, CallOptions options, Channel next) {
        return next.newCall(method, options.withStreamTracerFactory(this));
    }

    @Override
    public ClientStreamTracer newClientStreamTracer(ClientStreamTracer.StreamInfo info, Metadata headers) {
        return new Tracer();
    }

    /** Streams open on the replica at this port now. */
    int openOn(int port) {
        synchronized (lock) {
            return open.getOrDefault(port, Set.of()).size();
        }
    }

    /** Streams ever put on the replica at this port (every process that listened there). */
    long sentTo(int port) {
        synchronized (lock) {
            return sent.getOrDefault(port, 0L);
        }
    }

    /**
     * Sends {@code signal} (SIGKILL to the replica) while streams are neither added nor closed, and returns what it held.
     * Only one kill is followed at a time: a later one ends the following of the one before.
     */
    Kill kill(int port, Runnable signal) {
        synchronized (lock) {
            signal.run();
            last = new Kill(port, new HashSet<>(open.getOrDefault(port, Set.of())));
            if (lastConnection.containsKey(port)) {
                last.deadConnections.add(lastConnection.get(port));
            }
            return last;
        }
    }

    /**
     * The killed process was last seen alive at {@code lastAliveNanos} ({@link System#nanoTime()}), and gone right after:
     * a stream put on its connection up to then went into a process that was still dying, one after into none.
     */
    void gone(Kill kill, long lastAliveNanos) {
        synchronized (lock) {
            kill.lastAliveNanos = lastAliveNanos;
        }
    }

    Counts counts(Kill kill) {
        synchronized (lock) {
            int dying = 0;
            int dyingFailed = 0;
            int after = 0;
            int afterFailed = 0;
            for (Tracer stream : kill.sentAfter) {
                boolean whileDying = stream.createdNanos - kill.lastAliveNanos <= 0;
                dying += whileDying ? 1 : 0;
                dyingFailed += whileDying && stream.failed ? 1 : 0;
                after += whileDying ? 0 : 1;
                afterFailed += !whileDying && stream.failed ? 1 : 0;
            }
            long dyingMillis = kill.lastAliveNanos == Long.MAX_VALUE ? -1
                    : Math.max(0, (kill.lastAliveNanos - kill.signalNanos) / 1_000_000);
            return new Counts(kill.held, kill.heldFailed, dying, dyingFailed, after, afterFailed, dyingMillis);
        }
    }

    private final class Tracer extends ClientStreamTracer {
        private int port = -1;
        private SocketAddress connection;
        private long createdNanos;
        private boolean failed;

        @Override
        public void streamCreated(Attributes transportAttrs, Metadata headers) {
            if (!(transportAttrs.get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR) instanceof InetSocketAddress address)) {
                return;
            }
            synchronized (lock) {
                port = address.getPort();
                connection = transportAttrs.get(Grpc.TRANSPORT_ATTR_LOCAL_ADDR);
                open.computeIfAbsent(port, p -> new HashSet<>()).add(this);
                sent.merge(port, 1L, Long::sum);
                lastConnection.put(port, connection);
                createdNanos = System.nanoTime();
                if (last != null && last.port == port && last.deadConnections.contains(connection)) {
                    last.sentAfter.add(this);
                }
            }
        }

        @Override
        public void streamClosed(Status status) {
            synchronized (lock) {
                if (port < 0 || !open.getOrDefault(port, Set.of()).remove(this) || status.isOk()) {
                    return;
                }
                failed = true;
                if (last != null && last.heldStreams.contains(this)) {
                    last.heldFailed++;
                }
            }
        }
    }
}
