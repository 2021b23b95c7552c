package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.MemoryToken;
import io.grpc.Status;

/**
 * Read-your-choice: a request's {@code after_choice} (the memory_token of a Choose or resolving Answer the caller has just
 * made) says its own tenant's database remembers a choice, committed before the token was handed out. The call then runs
 * the full Recall, which reads PostgreSQL, instead of trusting a local set the push may not have reached yet: one Recall
 * at most, what a remembering scope costs anyway. It is only a hint of where to look: what applies is still Recall's.
 */
public final class RecallAfterChoice {
    private RecallAfterChoice() {
    }

    /** Refuses a token without its scope, or of another tenant or database than the call's: memory is never read across. */
    public static void check(InterpretRequest request) {
        if (!request.hasAfterChoice()) {
            return;
        }
        MemoryToken token = request.getAfterChoice();
        if (token.getTenant().isBlank() || token.getDatabase().isBlank()) {
            throw invalid("after_choice needs the tenant and database of the choice: pass the memory_token exactly as Choose or"
                    + " Answer returned it, or leave after_choice unset");
        }
        if (!token.getTenant().equals(request.getTenant()) || !token.getDatabase().equals(request.getDatabase())) {
            throw invalid("after_choice is a choice of tenant \"" + token.getTenant() + "\", database \"" + token.getDatabase()
                    + "\", but this call asks tenant \"" + request.getTenant() + "\", database \"" + request.getDatabase()
                    + "\": a memory token is good only for calls of the tenant and database its choice was made in; leave"
                    + " after_choice unset here");
        }
    }

    /** Whether the call carries a (checked) token: its scope is taken as remembering. */
    static boolean given(InterpretRequest request) {
        return request.hasAfterChoice();
    }

    private static RuntimeException invalid(String message) {
        return Status.INVALID_ARGUMENT.withDescription(message).asRuntimeException();
    }
}
