package dev.overtone.runtime.grpc;

import io.grpc.Status;

/**
 * A call to another service that failed, already phrased for a person: the service named, where it was looked
 * for, what went wrong. {@code code} is the gRPC status code the calling service passes on (or records per item);
 * as a {@link CodedFailure} it is answered with that code and this message. {@link Downstream} makes every one.
 */
public class DownstreamFailure extends CodedFailure {
    private final String service;

    public DownstreamFailure(String service, Status.Code code, String message) {
        super(code, message);
        this.service = service;
    }

    /**
     * {@code status} of an {@code rpc} call to {@code service} at {@code address} (or of one item of a batch call):
     * a peer that is down, slow, without the method or failing inside is UNAVAILABLE (DEADLINE_EXCEEDED when slow)
     * naming where it was looked for; any other code is the peer's own verdict on the request, passed on with its words.
     * A status caused by this process running out of memory says so, not that the peer failed.
     */
    public static DownstreamFailure of(String service, String address, String rpc, long timeoutMs, Status status) {
        String detail = status.getDescription() != null ? status.getDescription()
                : status.getCause() != null ? String.valueOf(status.getCause().getMessage()) : status.getCode().name();
        if (status.getCause() instanceof OutOfMemoryError) {
            // a cause never crosses the wire: this process ran out (Netty's direct memory, reading the answer)
            return new DownstreamFailure(service, Status.Code.UNAVAILABLE, "this replica ran out of memory reading " + service
                    + "'s answer to " + rpc + " (" + address + "; the connection was closed, with every call on it): " + detail
                    + "; retry the call");
        }
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

    /** The call was not made: the caller's time for it was spent before it began. */
    public static DownstreamFailure budgetSpent(String service, String rpc) {
        return new DownstreamFailure(service, Status.Code.DEADLINE_EXCEEDED,
                service + " " + rpc + " was not called: the request's time budget is spent");
    }

    public String service() {
        return service;
    }

    /** Whether the failure says something about the request (bad SQL, a refused statement) rather than about the infrastructure. */
    public boolean aboutTheReading() {
        return switch (code()) {
            case INVALID_ARGUMENT, PERMISSION_DENIED, FAILED_PRECONDITION, OUT_OF_RANGE -> true;
            default -> false;
        };
    }
}
