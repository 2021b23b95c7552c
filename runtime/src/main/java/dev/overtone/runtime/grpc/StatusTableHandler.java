package dev.overtone.runtime.grpc;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.StatusRuntimeException;
import io.quarkus.arc.Unremovable;
import io.quarkus.grpc.ExceptionHandler;
import io.quarkus.grpc.ExceptionHandlerProvider;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The one place a service's failure becomes the gRPC status its caller sees: Quarkus's gRPC exception handler
 * (it replaces quarkus-grpc's default one, which puts the exception's class name in the description). A gRPC
 * method fails with whatever it threw or its {@code Uni}/{@code Multi} failed with, and this answers it through
 * the service's {@link StatusTable}: a bean the service produces. A service without one gets the shared rows only.
 */
@Singleton
@Unremovable
public class StatusTableHandler implements ExceptionHandlerProvider {
    private final StatusTable table;

    StatusTableHandler(Instance<StatusTable> tables, @ConfigProperty(name = "quarkus.application.name") String service) {
        this.table = tables.isResolvable() ? tables.get() : StatusTable.of(service).build();
    }

    /** A failed {@code Uni} or {@code Multi} of a Mutiny gRPC service, or what its method threw. */
    @Override
    public Throwable transform(Throwable failure) {
        return table.status(failure);
    }

    /** What a call's listener threw (a gRPC service that is not a Mutiny one). */
    @Override
    public <Q, A> ExceptionHandler<Q, A> createHandler(ServerCall.Listener<Q> listener, ServerCall<Q, A> call, Metadata headers) {
        return new ExceptionHandler<>(listener, call, headers) {
            @Override
            protected void handleException(Throwable failure, ServerCall<Q, A> serverCall, Metadata metadata) {
                StatusRuntimeException status = table.status(failure);
                Metadata trailers = status.getTrailers() != null ? status.getTrailers() : new Metadata();
                try {
                    serverCall.close(status.getStatus(), trailers);
                } catch (IllegalStateException alreadyClosed) {
                    // the call had been answered or cancelled: there is nobody left to tell
                }
            }
        };
    }
}
