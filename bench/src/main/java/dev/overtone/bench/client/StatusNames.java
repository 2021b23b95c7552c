package dev.overtone.bench.client;

import dev.overtone.proto.v1.FailedReading;
import dev.overtone.proto.v1.StatusCode;

/** A failed reading's gRPC status code by the name reports have always used ("INVALID_ARGUMENT"). */
public final class StatusNames {

    private StatusNames() {
    }

    /** From the typed code; the name sent beside it when the server predates code (a failure is never OK, the unset value). */
    @SuppressWarnings("deprecation") // the string status: all a server older than code sends
    public static String of(FailedReading failure) {
        StatusCode code = failure.getCode();
        return code == StatusCode.STATUS_CODE_OK || code == StatusCode.UNRECOGNIZED ? failure.getStatus()
                : code.name().replace("STATUS_CODE_", "");
    }
}
