package dev.overtone.interpreter.grpc;

import dev.overtone.proto.v1.InterpretRequest;
import io.grpc.Status;

/** Refuses a request that cannot mean anything before any downstream call is made. */
final class RequestValidation {
    private static final String NAME = "[a-z0-9][a-z0-9_-]*";

    private RequestValidation() {
    }

    static void check(InterpretRequest request) {
        if (request.getQuestion().isBlank()) {
            throw invalid("question is empty: ask something about the database");
        }
        if (request.getTenant().isBlank() || request.getDatabase().isBlank()) {
            throw invalid("tenant and database are required (e.g. tenant \"demo\", database \"hotels\")");
        }
        if (!request.getTenant().matches(NAME) || !request.getDatabase().matches(NAME)) {
            throw invalid("tenant and database names match " + NAME + "; got \"" + request.getTenant() + "\"/\""
                    + request.getDatabase() + "\"");
        }
        var options = request.getOptions();
        if (options.hasPreviewRows() && (options.getPreviewRows() < 0 || options.getPreviewRows() > 1000)) {
            throw invalid("preview_rows must be between 0 and 1000, got " + options.getPreviewRows());
        }
    }

    private static RuntimeException invalid(String message) {
        return Status.INVALID_ARGUMENT.withDescription(message).asRuntimeException();
    }
}
