package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.MemoryToken;
import io.grpc.Status;

/**
 * Read-your-choice: a request's {@code after_choice} (the memory_token of a Choose, resolving Answer or Forget the caller
 * has just made) says its own tenant's database changed its memory, committed before the token was handed out. The call
 * then runs the full Recall, which reads PostgreSQL, instead of trusting a local set or a kept answer the push may not
 * have reached yet: one Recall at most, what a remembering scope costs anyway. It is only a hint of where to look: what
 * applies is still Recall's. A Forget of every database of the tenant gives a token with an empty database: good for any.
 */
public final class RecallAfterChoice {
    private RecallAfterChoice() {
    }

    /** Refuses a token without its tenant, or of another tenant or database than the call's: memory is never read across. */
    public static void check(InterpretRequest request) {
        if (!request.hasAfterChoice()) {
            return;
        }
        MemoryToken token = request.getAfterChoice();
        if (token.getTenant().isBlank()) {
            throw invalid("after_choice needs the tenant of the choice: pass the memory_token exactly as Choose, Answer or Forget"
                    + " returned it, or leave after_choice unset");
        }
        boolean everyDatabase = token.getDatabase().isEmpty(); // Forget of every database of the tenant
        if (!token.getTenant().equals(request.getTenant()) || !(everyDatabase || token.getDatabase().equals(request.getDatabase()))) {
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
