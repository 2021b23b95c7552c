package dev.overtone.executor.service;

import dev.overtone.runtime.grpc.CodedFailure;
import io.grpc.Status;

/**
 * A failure the caller can act on, with the gRPC status it maps to. {@code rule} names the
 * sandbox rule for refusals (empty otherwise). Never carries a credential or a stack trace to the caller.
 */
public class SandboxException extends CodedFailure {
    private final String rule;

    public SandboxException(Status.Code code, String rule, String message) {
        super(code, message);
        this.rule = rule;
    }

    public String rule() {
        return rule;
    }

    public static SandboxException notFound(String message) {
        return new SandboxException(Status.Code.NOT_FOUND, "", message);
    }

    public static SandboxException invalid(String message) {
        return new SandboxException(Status.Code.INVALID_ARGUMENT, "", message);
    }

    public static SandboxException denied(String rule, String message) {
        return new SandboxException(Status.Code.PERMISSION_DENIED, rule, "refused by rule " + rule + ": " + message);
    }

    public static SandboxException deadline(String message) {
        return new SandboxException(Status.Code.DEADLINE_EXCEEDED, "", message);
    }

    public static SandboxException exhausted(String message) {
        return new SandboxException(Status.Code.RESOURCE_EXHAUSTED, "", message);
    }

    public static SandboxException unavailable(String message) {
        return new SandboxException(Status.Code.UNAVAILABLE, "", message);
    }
}
