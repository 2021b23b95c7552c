package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.Context;
import io.grpc.Deadline;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A call's time: it runs out when the caller cancels, when the caller's deadline passes, and at clarify-svc's work time. */
class CallTimeTest {
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stopScheduler() {
        scheduler.shutdownNow();
    }

    @Test
    void aCallGoesOnWithinItsTime() {
        assertThatCode(() -> CallTime.ofCurrentCall(Duration.ofSeconds(10)).check()).doesNotThrowAnyException();
        assertThatCode(CallTime.NONE::check).doesNotThrowAnyException();
    }

    @Test
    void aCancelledCallStops() throws Exception {
        Context.CancellableContext call = Context.current().withCancellation();
        CallTime time = call.call(() -> CallTime.ofCurrentCall(Duration.ofSeconds(10)));
        call.cancel(null);
        assertThatThrownBy(time::check).isInstanceOfSatisfying(ClarifyException.class, e -> assertKind(e, ClarifyException.Kind.CANCELLED))
                .hasMessage("the caller cancelled the call; clarify-svc stopped working on it");
    }

    @Test
    void aCallPastItsCallersDeadlineStops() throws Exception {
        Context.CancellableContext call = Context.current().withDeadline(Deadline.after(0, TimeUnit.NANOSECONDS), scheduler);
        CallTime time = call.call(() -> CallTime.ofCurrentCall(Duration.ofSeconds(10)));
        assertThatThrownBy(time::check).isInstanceOfSatisfying(ClarifyException.class, e -> assertKind(e, ClarifyException.Kind.DEADLINE_EXCEEDED))
                .hasMessage("the caller's deadline passed; clarify-svc stopped working on the call");
    }

    @Test
    void aCallPastItsWorkTimeStopsWithoutADeadlineOfItsCallers() {
        assertThatThrownBy(CallTime.ofCurrentCall(Duration.ZERO)::check)
                .isInstanceOfSatisfying(ClarifyException.class, e -> assertKind(e, ClarifyException.Kind.DEADLINE_EXCEEDED))
                .hasMessageStartingWith("clarify-svc stopped working on the call after 0 ms (overtone.clarify.limits.work-time)");
    }

    private static void assertKind(ClarifyException e, ClarifyException.Kind kind) {
        assertThat(e.kind()).isEqualTo(kind);
    }
}
