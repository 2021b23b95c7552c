package dev.overtone.runtime.memory;

import dev.overtone.runtime.grpc.EndingListener;
import dev.overtone.runtime.grpc.RetryPolicy;
import dev.overtone.runtime.grpc.StreamResets;
import dev.overtone.runtime.grpc.StreamResets.StreamReset;
import io.grpc.ForwardingServerCall.SimpleForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.health.v1.HealthGrpc;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

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
 * <p>
 * An answer its caller has not taken {@code overtone.grpc.unsent-answer-time} after it was sent (the stream not ready
 * again, the call not ended) ends its call at once: the stream is reset ({@link StreamResets}), which frees what the
 * transport holds for it, and the caller sees {@code CANCELLED}. Without it, a caller that never reads and set no
 * deadline would hold its share of the bound, and the memory, for as long as its connection lasts. Off (0s) by
 * default: on, the timer it starts for every answer cost 9 % of bench load's throughput.
 */
@Singleton
@GlobalInterceptor
public class UnsentAnswers implements ServerInterceptor {
    public static final String KNOB = "overtone.grpc.unsent-answer-bytes";
    public static final String TIME_KNOB = "overtone.grpc.unsent-answer-time";
    private static final Logger LOG = Logger.getLogger(UnsentAnswers.class);

    private final HeldBytes bound;
    private final Duration unreadTime;
    private final ScheduledThreadPoolExecutor timer;
    private final AtomicBoolean warnedCannotReset = new AtomicBoolean();

    @Inject
    public UnsentAnswers(@ConfigProperty(name = KNOB, defaultValue = "0") long capacity,
                         @ConfigProperty(name = TIME_KNOB, defaultValue = "0s") Duration unreadTime,
                         @ConfigProperty(name = "quarkus.application.name") String service) {
        if (unreadTime.isNegative()) {
            throw new IllegalArgumentException(TIME_KNOB + " is " + unreadTime + "; set a positive duration such as 30s,"
                    + " or 0s for no limit");
        }
        this.bound = new HeldBytes(capacity, service + " holds as many bytes of answers its callers have not read yet as"
                + " its bound allows (" + KNOB + ", " + capacity + " bytes); read each answer as it comes, and retry the call");
        this.unreadTime = unreadTime;
        this.timer = capacity > 0 && !unreadTime.isZero() ? newTimer() : null;
    }

    private static ScheduledThreadPoolExecutor newTimer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = Executors.defaultThreadFactory().newThread(runnable);
            thread.setName("unsent-answers-timer");
            thread.setDaemon(true);
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    @PreDestroy
    void stop() {
        if (timer != null) {
            timer.shutdownNow();
        }
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
        Counted<Q, A> counted = new Counted<>(call, bound.open(), unreadLimit());
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

    /** The current call's limit on the time its answer may stay unread; null where off, or the server cannot reset. */
    private UnreadLimit unreadLimit() {
        if (timer == null) {
            return null;
        }
        Optional<StreamReset> reset = StreamResets.ofCurrentCall();
        if (reset.isEmpty() && !warnedCannotReset.getAndSet(true)) {
            LOG.warnf("This gRPC server cannot reset a call's stream (no %s): %s is not applied, and an answer its caller"
                    + " does not read is held until its call ends", StreamResets.class.getSimpleName(), TIME_KNOB);
        }
        return reset.map(value -> new UnreadLimit(unreadTime, timer, value)).orElse(null);
    }

    /** How long one call's answer may wait for its caller, and how the call ends past that. */
    private record UnreadLimit(Duration time, ScheduledThreadPoolExecutor timer, StreamReset reset) {
        ScheduledFuture<?> start(Runnable check) {
            return timer.schedule(check, time.toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /** One call: the bytes of its messages sent since its stream was last ready, held against the bound. */
    private static final class Counted<Q, A> extends SimpleForwardingServerCall<Q, A> {
        private final HeldBytes.Hold hold;
        private final UnreadLimit unreadLimit; // null: no limit
        private long unsent;
        private boolean refused;
        private boolean ended;
        private ScheduledFuture<?> unreadCheck;

        Counted(ServerCall<Q, A> call, HeldBytes.Hold hold, UnreadLimit unreadLimit) {
            super(call);
            this.hold = hold;
            this.unreadLimit = unreadLimit;
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
                if (unreadCheck == null && unreadLimit != null) {
                    unreadCheck = unreadLimit.start(this::resetIfStillUnread);
                }
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
                stopUnreadCheck();
            }
        }

        /** The time limit has passed since a message was sent: if the caller has still not taken it, reset the call. */
        private void resetIfStillUnread() {
            long unread;
            synchronized (this) {
                unreadCheck = null;
                releaseIfReady();
                unread = ended ? 0 : unsent;
            }
            if (unread > 0) { // reset outside the lock: the service's own cancellation listeners may run in it
                LOG.warnf("Reset a call of %s: its caller had not taken %d bytes of its answer %s after they were sent (%s)",
                        getMethodDescriptor().getFullMethodName(), unread, unreadLimit.time(), TIME_KNOB);
                unreadLimit.reset().reset("the caller did not read its answer within " + unreadLimit.time() + " (" + TIME_KNOB + ")");
            }
        }

        private void stopUnreadCheck() {
            if (unreadCheck != null) {
                unreadCheck.cancel(false);
                unreadCheck = null;
            }
        }

        void end() {
            synchronized (this) {
                ended = true;
                stopUnreadCheck();
            }
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
