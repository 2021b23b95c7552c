package dev.overtone.runtime.memory;

import dev.overtone.runtime.grpc.EndingListener;
import dev.overtone.runtime.grpc.RetryPolicy;
import io.grpc.ForwardingServerCall.SimpleForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.health.v1.HealthGrpc;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.io.InputStream;

/**
 * A replica's bound on the bytes of answers it has written for its callers and they have not yet taken, across calls
 * and tenants. grpc-java writes each answer message whole into direct memory, and there it stays until the caller's
 * flow-control window lets it out: a caller that does not read its answers (stuck, or hostile) keeps them there. 24
 * such calls of 64 long-text readings took interpreter-svc's direct memory to its bound (128 MB); other callers' calls
 * then failed, and the connection to executor-svc was closed with every call on it. A message counts from when it is
 * sent until the call ends, or until its stream is seen ready again (the transport holds under 32 KiB of the call's
 * bytes): when the transport says so ({@code onReady}), or at the call's next send. A message the bound cannot take
 * is not sent: the call ends {@code RESOURCE_EXHAUSTED}, saying so, and what the service sends on it after that is
 * dropped. Every gRPC service of the application gets this interceptor, the health service's calls excepted; a
 * capacity of 0 turns it off, as the services that only Overtone's own services call have it.
 * <p>
 * A stream's count runs over: a message sent while the stream is not ready counts until it is ready again, though
 * earlier messages may have left meanwhile. A producer that keeps a stream busy (executor-svc's StreamExecuteBatch to
 * a reader parsing 1.7 MB results) was refused at a count far past the direct memory it held; a caller that does not
 * read is counted right.
 */
@Singleton
@GlobalInterceptor
public class UnsentAnswers implements ServerInterceptor {
    public static final String KNOB = "overtone.grpc.unsent-answer-bytes";

    private final HeldBytes bound;

    @Inject
    public UnsentAnswers(@ConfigProperty(name = KNOB, defaultValue = "0") long capacity,
                         @ConfigProperty(name = "quarkus.application.name") String service) {
        this.bound = new HeldBytes(capacity, service + " holds as many bytes of answers its callers have not read yet as"
                + " its bound allows (" + KNOB + ", " + capacity + " bytes); read each answer as it comes, and retry the call");
    }

    /** Bytes of answers sent and not yet taken by their callers, now. */
    public long unsent() {
        return bound.held();
    }

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers, ServerCallHandler<Q, A> next) {
        // the health service: a few bytes a message, and a refused Watch would take this replica out of its callers'
        // rotation
        if (bound.capacity() <= 0 || HealthGrpc.SERVICE_NAME.equals(call.getMethodDescriptor().getServiceName())) {
            return next.startCall(call, headers);
        }
        Counted<Q, A> counted = new Counted<>(call, bound.open());
        ServerCall.Listener<Q> listener;
        try {
            listener = next.startCall(counted, headers);
        } catch (RuntimeException e) {
            counted.end();
            throw e;
        }
        return new EndingListener<>(listener, counted::end) {
            @Override
            public void onReady() {
                counted.releaseIfReady();
                super.onReady();
            }
        };
    }

    /** One call: the bytes of its messages sent since its stream was last ready, held against the bound. */
    private static final class Counted<Q, A> extends SimpleForwardingServerCall<Q, A> {
        private final HeldBytes.Hold hold;
        private long unsent;
        private boolean refused;

        Counted(ServerCall<Q, A> call, HeldBytes.Hold hold) {
            super(call);
            this.hold = hold;
        }

        @Override
        public void sendMessage(A message) {
            long bytes = sizeOf(message);
            synchronized (this) {
                if (refused) {
                    return;
                }
                releaseIfReady();
                if (!hold.take(bytes)) {
                    refused = true;
                    super.close(Status.RESOURCE_EXHAUSTED.withDescription(hold.refusal()), doNotRetry());
                    return;
                }
                unsent += bytes;
            }
            super.sendMessage(message);
        }

        @Override
        public void close(Status status, Metadata trailers) {
            synchronized (this) {
                if (refused) {
                    return; // closed already, with the refusal
                }
            }
            super.close(status, trailers);
        }

        /**
         * The transport holds under its threshold of this call's bytes: what was sent before has left, so give it back.
         * Not asked right after a send: grpc-java counts a message's bytes on the transport's thread, after the send.
         */
        synchronized void releaseIfReady() {
            if (unsent > 0 && isReady()) {
                hold.giveBack(unsent);
                unsent = 0;
            }
        }

        void end() {
            hold.close();
        }

        /**
         * "Do not retry", as every RESOURCE_EXHAUSTED of these services says unless its refusal did no work (StatusTable):
         * the call's work is done, and a retry by every caller would add load to a replica short of memory.
         */
        private static Metadata doNotRetry() {
            Metadata trailers = new Metadata();
            trailers.put(RetryPolicy.PUSHBACK, "-1");
            return trailers;
        }

        /** The message's size on the wire: a protobuf message's stream knows it without serializing. */
        private long sizeOf(A message) {
            try (InputStream stream = getMethodDescriptor().streamResponse(message)) {
                return stream.available();
            } catch (IOException e) {
                return 0;
            }
        }
    }
}
