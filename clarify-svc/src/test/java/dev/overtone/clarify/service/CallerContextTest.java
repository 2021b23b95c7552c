package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Work resumes on the caller's Vert.x context when there is one, and on the calling thread when there is none. */
class CallerContextTest {

    @Test
    void withoutAContextTheWorkRunsAtOnceOnTheCallingThread() {
        Thread[] ranOn = new Thread[1];

        CallerContext.of(null).execute(() -> ranOn[0] = Thread.currentThread());

        assertThat(ranOn[0]).isSameAs(Thread.currentThread());
    }

    @Test
    void withAContextTheWorkRunsOnIt() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            Context context = vertx.getOrCreateContext();
            CompletableFuture<Context> ranIn = new CompletableFuture<>();

            CallerContext.of(context).execute(() -> ranIn.complete(Vertx.currentContext()));

            assertThat(ranIn.get(10, TimeUnit.SECONDS)).isSameAs(context);
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().join();
        }
    }
}
