package dev.overtone.interpreter.client;

import dev.overtone.runtime.grpc.ReconnectAfterRestart;
import io.grpc.Channel;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.eclipse.microprofile.config.ConfigProvider;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * One downstream service as the interpreter sees it: its name, its address, its channel. Every call
 * goes through {@link #call} so that a failure always names the service and where it was looked for,
 * and a refused connection resets the channel's reconnect backoff (a restarted service is used again
 * at once, without restarting the interpreter).
 */
public final class Downstream {
    private final String service;
    private final String address;
    private final Channel channel;
    private final ReconnectAfterRestart reconnect;

    public Downstream(String clientName, String service, Channel channel) {
        this.service = service;
        this.channel = channel;
        this.reconnect = new ReconnectAfterRestart(channel);
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
        // Retries of idempotent calls come from the channel's service config (overtone-runtime RetryPolicy).
        reconnect.beforeCall(Duration.ofMillis(timeoutMs / 2));
        try {
            return invocation.get();
        } catch (StatusRuntimeException e) {
            throw failure(rpc, timeoutMs, e.getStatus());
        }
    }

    /** {@code status} of an {@code rpc} call (or of one item of a batch call) as the failure a person reads. */
    public DownstreamFailure failure(String rpc, long timeoutMs, Status status) {
        String detail = status.getDescription() != null ? status.getDescription()
                : status.getCause() != null ? String.valueOf(status.getCause().getMessage()) : status.getCode().name();
        return switch (status.getCode()) {
            case UNAVAILABLE -> new DownstreamFailure(service, Status.Code.UNAVAILABLE,
                    service + " is unavailable at " + address + ": " + detail);
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

    /** The channel's connectivity, asking it to connect when idle; null when the channel cannot say. */
    public ConnectivityState connectivity() {
        if (channel instanceof ManagedChannel managed) {
            return managed.getState(true);
        }
        return null;
    }
}
