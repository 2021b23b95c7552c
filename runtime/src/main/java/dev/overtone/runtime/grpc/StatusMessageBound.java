package dev.overtone.runtime.grpc;

import io.grpc.ForwardingServerCall.SimpleForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;

/**
 * Cuts the message of every status this service answers to {@link #MAX_ENCODED_BYTES} as it travels, so that it
 * always reaches the caller. A message may name what the caller sent (an unknown tenant, a column the engine did not
 * find), and it travels in the {@code grpc-message} trailer, percent-encoded; a client refuses trailers past its
 * header list size (8 KiB by default in grpc-java, which these services use) and resets the stream. A Describe for a
 * tenant name of 10,000 characters was answered NOT_FOUND and reached its caller as INTERNAL "RST_STREAM ...
 * PROTOCOL_ERROR". Every gRPC service of the application gets this interceptor.
 */
@Singleton
@GlobalInterceptor
public class StatusMessageBound implements ServerInterceptor {
    /** The most bytes a status message takes in its trailer: a quarter of the clients' default header list size. */
    public static final int MAX_ENCODED_BYTES = 2048;
    private static final String CUT = " [message cut]";

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers, ServerCallHandler<Q, A> next) {
        return next.startCall(new SimpleForwardingServerCall<>(call) {
            @Override
            public void close(Status status, Metadata trailers) {
                super.close(bounded(status), trailers);
            }
        }, headers);
    }

    /** The status, its message cut at a whole character so that it takes at most {@link #MAX_ENCODED_BYTES} encoded. */
    public static Status bounded(Status status) {
        String message = status.getDescription();
        if (message == null || encodedBytes(message) <= MAX_ENCODED_BYTES) {
            return status;
        }
        int budget = MAX_ENCODED_BYTES - CUT.length();
        int end = 0;
        while (end < message.length()) {
            int next = message.offsetByCodePoints(end, 1);
            budget -= encodedBytes(message.substring(end, next));
            if (budget < 0) {
                break;
            }
            end = next;
        }
        return status.withDescription(message.substring(0, end) + CUT);
    }

    /** The bytes of the text in {@code grpc-message}: UTF-8, each byte but printable ASCII other than '%' as "%XX". */
    static int encodedBytes(String text) {
        int bytes = 0;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            bytes += b >= ' ' && b <= '~' && b != '%' ? 1 : 3;
        }
        return bytes;
    }
}
