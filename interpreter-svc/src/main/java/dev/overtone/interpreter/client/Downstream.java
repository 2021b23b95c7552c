package dev.overtone.interpreter.client;

import io.grpc.Channel;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.eclipse.microprofile.config.ConfigProvider;

import java.util.function.Supplier;

/**
 * One downstream service as the interpreter sees it: its name, its address, its channel. Every call
 * goes through {@link #call} so that a failure always names the service and where it was looked for,
 * and a refused connection resets the channel's reconnect backoff (a restarted service is used again
 * at once, without restarting the interpreter).
 */
public final class Downstream {
    private static final long RECONNECT_WAIT_MS = 500;
    private final String service;
    private final String address;
    private final Channel channel;

    public Downstream(String clientName, String service, Channel channel) {
        this.service = service;
        this.channel = channel;
        var config = ConfigProvider.getConfig();
        String host = config.getOptionalValue("quarkus.grpc.clients." + clientName + ".host", String.class).orElse("localhost");
        String port = config.getOptionalValue("quarkus.grpc.clients." + clientName + ".port", String.class).orElse("9000");
        this.address = host + ":" + port;
    }

    public String service() {
        return service;
    }

    public String address() {
        return address;
    }

    public <T> T call(String rpc, long timeoutMs, Supplier<T> invocation) {
        if (timeoutMs <= 0) {
            throw new DownstreamFailure(service, Status.Code.DEADLINE_EXCEEDED,
                    service + " " + rpc + " was not called: the request's time budget is spent");
        }
        long start = System.nanoTime();
        try {
            return invocation.get();
        } catch (StatusRuntimeException e) {
            // A service that was restarted leaves the channel in reconnect backoff: skip the backoff and,
            // if it connects within a moment, try once more (every call made through here is a read).
            if (e.getStatus().getCode() == Status.Code.UNAVAILABLE && reconnected(timeoutMs - elapsedMs(start))) {
                try {
                    return invocation.get();
                } catch (StatusRuntimeException again) {
                    throw translate(rpc, timeoutMs, again.getStatus());
                }
            }
            throw translate(rpc, timeoutMs, e.getStatus());
        }
    }

    private static long elapsedMs(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private boolean reconnected(long leftMs) {
        if (!(channel instanceof ManagedChannel managed) || leftMs < 50) {
            return false;
        }
        managed.resetConnectBackoff();
        long now = System.nanoTime();
        long until = now + Math.min(RECONNECT_WAIT_MS, leftMs / 2) * 1_000_000;
        // Right after the reset the state may still read TRANSIENT_FAILURE: it only counts once the
        // channel has been seen connecting, or after a short grace.
        long grace = now + 100_000_000L;
        boolean sawConnecting = false;
        ConnectivityState state = managed.getState(true);
        while (state != ConnectivityState.READY && state != ConnectivityState.SHUTDOWN && System.nanoTime() < until) {
            if (state == ConnectivityState.CONNECTING) {
                sawConnecting = true;
            } else if (state == ConnectivityState.TRANSIENT_FAILURE && (sawConnecting || System.nanoTime() > grace)) {
                return false;
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                return false;
            }
            state = managed.getState(true);
        }
        return state == ConnectivityState.READY;
    }

    private DownstreamFailure translate(String rpc, long timeoutMs, Status status) {
        String detail = status.getDescription() != null ? status.getDescription()
                : status.getCause() != null ? String.valueOf(status.getCause().getMessage()) : status.getCode().name();
        return switch (status.getCode()) {
            case UNAVAILABLE -> {
                resetBackoff();
                yield new DownstreamFailure(service, Status.Code.UNAVAILABLE,
                        service + " is unavailable at " + address + ": " + detail);
            }
            case DEADLINE_EXCEEDED -> new DownstreamFailure(service, Status.Code.DEADLINE_EXCEEDED,
                    service + " did not answer " + rpc + " within " + timeoutMs + " ms (" + address + "): " + detail);
            case UNIMPLEMENTED -> new DownstreamFailure(service, Status.Code.UNAVAILABLE,
                    service + " at " + address + " does not implement " + rpc + " yet: " + detail);
            case CANCELLED -> new DownstreamFailure(service, Status.Code.CANCELLED,
                    service + " " + rpc + " was cancelled: " + detail);
            case INTERNAL, UNKNOWN, DATA_LOSS -> new DownstreamFailure(service, Status.Code.UNAVAILABLE,
                    service + " failed on " + rpc + " (" + status.getCode() + "): " + detail);
            default -> new DownstreamFailure(service, status.getCode(), detail);
        };
    }

    private void resetBackoff() {
        if (channel instanceof ManagedChannel managed) {
            managed.resetConnectBackoff();
        }
    }

    /** The channel's connectivity, asking it to connect when idle; null when the channel cannot say. */
    public ConnectivityState connectivity() {
        if (channel instanceof ManagedChannel managed) {
            return managed.getState(true);
        }
        return null;
    }
}
