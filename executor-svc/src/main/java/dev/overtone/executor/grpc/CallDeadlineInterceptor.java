package dev.overtone.executor.grpc;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Deadline;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.TimeUnit;

/**
 * Makes the caller's deadline visible to the service as {@link #DEADLINE}. gRPC's own
 * {@code Context.current().getDeadline()} is used when the server sets it; the Vert.x-based server
 * Quarkus runs on the HTTP port does not, so the {@code grpc-timeout} header is read instead.
 */
@GlobalInterceptor
@ApplicationScoped
public class CallDeadlineInterceptor implements ServerInterceptor {
    public static final Context.Key<Deadline> DEADLINE = Context.key("overtone-call-deadline");
    private static final Metadata.Key<String> TIMEOUT = Metadata.Key.of("grpc-timeout",
            Metadata.ASCII_STRING_MARSHALLER);

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
            ServerCallHandler<Q, R> next) {
        Deadline deadline = Context.current().getDeadline();
        if (deadline == null) {
            deadline = parse(headers.get(TIMEOUT));
        }
        if (deadline == null) {
            return next.startCall(call, headers);
        }
        return Contexts.interceptCall(Context.current().withValue(DEADLINE, deadline), call, headers, next);
    }

    /** The deadline of the current call, or null when the caller set none. */
    public static Deadline current() {
        Deadline deadline = DEADLINE.get();
        return deadline != null ? deadline : Context.current().getDeadline();
    }

    /** A grpc-timeout value: up to 8 digits and a unit (H, M, S, m, u, n). */
    static Deadline parse(String value) {
        if (value == null || value.length() < 2 || value.length() > 9) {
            return null;
        }
        long amount;
        try {
            amount = Long.parseLong(value.substring(0, value.length() - 1));
        } catch (NumberFormatException e) {
            return null;
        }
        TimeUnit unit = switch (value.charAt(value.length() - 1)) {
            case 'H' -> TimeUnit.HOURS;
            case 'M' -> TimeUnit.MINUTES;
            case 'S' -> TimeUnit.SECONDS;
            case 'm' -> TimeUnit.MILLISECONDS;
            case 'u' -> TimeUnit.MICROSECONDS;
            case 'n' -> TimeUnit.NANOSECONDS;
            default -> null;
        };
        return unit == null ? null : Deadline.after(amount, unit);
    }
}
