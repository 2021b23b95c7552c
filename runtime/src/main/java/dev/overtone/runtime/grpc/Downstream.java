package dev.overtone.runtime.grpc;

import io.grpc.Channel;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.AbstractStub;
import io.smallrye.mutiny.Uni;
import org.eclipse.microprofile.config.ConfigProvider;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One service another service calls, as the caller sees it: its name, where it is looked for, its channel. Every
 * call between the services goes through {@link #call} (blocking) or {@link #callAsync} (Mutiny), so that
 * <ul>
 * <li>it has a deadline: {@link #stub} gives a stub whose calls end after the caller's time for them;</li>
 * <li>a peer that was down is tried again at once ({@link ReconnectAfterRestart}), not after a backoff of minutes;</li>
 * <li>a failure is one {@link DownstreamFailure} that names the service, the RPC and where it was looked for.</li>
 * </ul>
 * Balancing over the replicas and the retry of idempotent calls belong to the channel ({@link RetryingChannels}).
 */
public final class Downstream {
    private final String service;
    private final String address;
    private final Channel channel;
    private final ReconnectAfterRestart reconnect;

    public Downstream(String service, String address, Channel channel) {
        this.service = service;
        this.address = address;
        this.channel = channel;
        this.reconnect = new ReconnectAfterRestart(channel);
    }

    /** The service behind Quarkus's gRPC client {@code client} ({@code @GrpcClient("parser")}), e.g. {@code "parser-svc"}. */
    public static Downstream of(String client, String service, Channel channel) {
        return new Downstream(service, DownstreamAddress.of(client, ConfigProvider.getConfig()), channel);
    }

    public String service() {
        return service;
    }

    public String address() {
        return address;
    }

    /** A stub of this service ({@code ParserServiceGrpc::newBlockingStub}) whose calls end {@code timeoutMs} from now. */
    public <S extends AbstractStub<S>> S stub(Function<Channel, S> stubs, long timeoutMs) {
        return stubs.apply(channel).withDeadlineAfter(timeoutMs, TimeUnit.MILLISECONDS);
    }

    /** Makes a blocking call of {@code rpc} within {@code timeoutMs}; its failure as a {@link DownstreamFailure}. */
    public <T> T call(String rpc, long timeoutMs, Supplier<T> invocation) {
        if (timeoutMs <= 0) {
            throw DownstreamFailure.budgetSpent(service, rpc);
        }
        reconnect.beforeCall(Duration.ofMillis(timeoutMs / 2));
        try {
            return invocation.get();
        } catch (StatusRuntimeException e) {
            throw failure(rpc, timeoutMs, e.getStatus());
        }
    }

    /** The same for a Mutiny stub's call: it is made once the reconnect attempt (if any) has an outcome; nothing blocks. */
    public <T> Uni<T> callAsync(String rpc, long timeoutMs, Supplier<Uni<T>> invocation) {
        if (timeoutMs <= 0) {
            return Uni.createFrom().failure(DownstreamFailure.budgetSpent(service, rpc));
        }
        return Uni.createFrom().completionStage(() -> reconnect.attempt(Duration.ofMillis(timeoutMs / 2)))
                .chain(ignored -> invocation.get())
                .onFailure(StatusRuntimeException.class)
                .transform(e -> failure(rpc, timeoutMs, ((StatusRuntimeException) e).getStatus()));
    }

    /** {@code status} of an {@code rpc} call (or of one item of a batch call) as the failure a person reads. */
    public DownstreamFailure failure(String rpc, long timeoutMs, Status status) {
        return DownstreamFailure.of(service, address, rpc, timeoutMs, status);
    }

    /** The channel's connectivity, asking it to connect when idle; null when the channel cannot say. */
    public ConnectivityState connectivity() {
        return channel instanceof ManagedChannel managed ? managed.getState(true) : null;
    }
}
