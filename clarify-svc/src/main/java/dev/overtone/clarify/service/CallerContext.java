package dev.overtone.clarify.service;

import io.vertx.core.Context;
import java.util.concurrent.Executor;

/** Resumes on the caller's Vert.x context: Hibernate Reactive must stay on it after work done on a worker thread. */
public final class CallerContext {

    private CallerContext() {
    }

    public static Executor of(Context ctx) {
        return ctx == null ? Runnable::run : r -> ctx.runOnContext(v -> r.run());
    }
}
