package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.interpreter.service.RecallAfterChoice;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.VariantFamily;
import dev.overtone.runtime.grpc.ContractNames;
import io.grpc.Status;

/** Refuses a request that cannot mean anything before any downstream call is made. */
final class RequestValidation {
    private static final String NAME = "[a-z0-9][a-z0-9_-]*";
    private static final ContractNames FAMILIES = ContractNames.of("families", "variant family", VariantFamily.values());

    private RequestValidation() {
    }

    static void check(InterpretRequest request, InterpreterConfig.Limits limits) {
        if (request.getQuestion().isBlank()) {
            throw invalid("question is empty: ask something about the database");
        }
        if (request.getQuestion().length() > limits.maxQuestionLength()) {
            throw invalid("the question has " + request.getQuestion().length() + " characters; the limit is "
                    + limits.maxQuestionLength() + " (overtone.interpreter.limits.max-question-length)");
        }
        if (request.getDefaultsCount() > limits.maxDefaults()) {
            throw invalid("the request carries " + request.getDefaultsCount() + " caller defaults; the limit is "
                    + limits.maxDefaults() + " per request (overtone.interpreter.limits.max-defaults): send at most that many, "
                    + "most likely first (identical SQL is counted once, and only the first distinct ones are judged)");
        }
        for (int i = 0; i < request.getDefaultsCount(); i++) {
            var d = request.getDefaults(i);
            int length = Math.max(d.getSql().length(), d.getText().length());
            if (length > limits.maxDefaultLength()) {
                throw invalid("caller default " + (i + 1) + " has " + length + " characters; the limit is "
                        + limits.maxDefaultLength() + " (overtone.interpreter.limits.max-default-length)");
            }
        }
        if (request.getTenant().isBlank() || request.getDatabase().isBlank()) {
            throw invalid("tenant and database are required (e.g. tenant \"demo\", database \"hotels\")");
        }
        if (!request.getTenant().matches(NAME) || !request.getDatabase().matches(NAME)) {
            throw invalid("tenant and database names match " + NAME + "; got \"" + request.getTenant() + "\"/\""
                    + request.getDatabase() + "\"");
        }
        RecallAfterChoice.check(request);
        var options = request.getOptions();
        if (options.hasPreviewRows() && (options.getPreviewRows() < 0 || options.getPreviewRows() > 1000)) {
            throw invalid("preview_rows must be between 0 and 1000, got " + options.getPreviewRows());
        }
        try {
            FAMILIES.check(options.getFamiliesList());
        } catch (IllegalArgumentException e) {
            throw invalid(e.getMessage());
        }
    }

    private static RuntimeException invalid(String message) {
        return Status.INVALID_ARGUMENT.withDescription(message).asRuntimeException();
    }
}
