package dev.overtone.parser.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.overtone.parser.variants.VariantGenerator;
import io.grpc.Context;
import java.time.Duration;
import java.util.Collections;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A call's SQL work stops at its next parse once the call is out of time: its own limit, its caller's deadline or cancel. */
class CallWorkTest {
    private static final String SQL = "SELECT name FROM hotels WHERE stars > 3";

    /**
     * A thousand conditions side by side, the most one chain of operators holds: a Variants call tries rewrites per
     * condition and parses the whole statement for each, far more work than any limit allows.
     */
    static String manyConditions() {
        return "SELECT name FROM hotels WHERE " + String.join(" AND ", java.util.stream.IntStream.range(0, 1000)
                .mapToObj(i -> "(stars = " + i + " OR name = 'x" + i + "')").toList());
    }

    @Test
    void aParseAfterTheCallsWorkTimeStopsNamingTheKnob() {
        CallWork.OutOfTime stopped = catchThrowableOfType(
                () -> CallWork.within(Duration.ZERO, () -> QueryParser.parse(SQL, Schemas.hotels())), CallWork.OutOfTime.class);
        assertThat(stopped).hasMessageContaining("overtone.parser.limits.work-time").hasMessageContaining("after 0 ms");
        assertThat(stopped.cancelled()).isFalse();
        assertThat(CallWork.within(Duration.ofSeconds(10), () -> QueryParser.parse(SQL, Schemas.hotels()))).isNotNull();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void variantsOfAStatementOfThousandsOfConditionsStopAtTheWorkTimeInsteadOfRunningForMinutes() {
        String sql = manyConditions();
        assertThat(sql.length()).isLessThanOrEqualTo(SqlBounds.MAX_LENGTH);
        VariantGenerator generator = new VariantGenerator(null);
        CallWork.OutOfTime stopped = catchThrowableOfType(() -> CallWork.within(Duration.ofMillis(500),
                () -> generator.generate(sql, Schemas.hotels(), "hotels by stars", 8, null)), CallWork.OutOfTime.class);
        assertThat(stopped).hasMessageContaining("after 500 ms");
    }

    @Test
    void aCallItsCallerCancelledStopsAsCancelled() throws Exception {
        Context.CancellableContext call = Context.current().withCancellation();
        call.cancel(null);
        CallWork.OutOfTime stopped = call.call(() -> catchThrowableOfType(
                () -> CallWork.within(Duration.ofSeconds(10), () -> QueryParser.parse(SQL, Schemas.hotels())), CallWork.OutOfTime.class));
        assertThat(stopped.cancelled()).isTrue();
        assertThat(stopped).hasMessage("the caller cancelled the call; parser-svc stopped working on it");
    }

    @Test
    void aCallWhoseCallersDeadlinePassedStopsAsOutOfTime() throws Exception {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try {
            Context.CancellableContext call = Context.current().withDeadlineAfter(1, TimeUnit.NANOSECONDS, timer);
            org.awaitility.Awaitility.await("the caller's deadline passes").atMost(Duration.ofSeconds(10)).until(call::isCancelled);
            CallWork.OutOfTime stopped = call.call(() -> catchThrowableOfType(
                    () -> CallWork.within(Duration.ofSeconds(10), () -> QueryParser.parse(SQL, Schemas.hotels())), CallWork.OutOfTime.class));
            assertThat(stopped.cancelled()).isFalse();
            assertThat(stopped).hasMessage("the caller's deadline passed; parser-svc stopped working on the call");
        } finally {
            timer.shutdownNow();
        }
    }
}
