package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.Stage;
import io.grpc.Context;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static dev.overtone.interpreter.grpc.Metrics.abandonedAt;
import static dev.overtone.interpreter.grpc.Questions.rating;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** A caller that goes away: its downstream calls are cancelled with it, and the abandoned call counted at its stage. */
@QuarkusTest
class CancellationTest extends AgainstFakes {
    private static final Duration SLOW = Duration.ofSeconds(5);
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final ExecutorService caller = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopTheCaller() {
        caller.shutdownNow();
    }

    @Test
    void aCancelledCallCancelsItsDownstreamCallsAndIsCounted() {
        fakes.executor().slow(SLOW);
        double abandonedBefore = abandonedAt("execute");
        Context.CancellableContext call = Context.current().withCancellation();
        Future<?> answer = caller.submit(() -> call.call(() -> interpreter.withDeadlineAfter(20, TimeUnit.SECONDS)
                .interpret(rating(Hotels.STARS, Hotels.SCORE).build())));
        await().atMost(WAIT).until(() -> fakes.executor().slowness().started() == 1);

        call.cancel(null); // the client goes away while both readings are executing, in one ExecuteBatch

        assertThatThrownBy(() -> answer.get(5, TimeUnit.SECONDS)).cause().isInstanceOfSatisfying(StatusRuntimeException.class,
                e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.CANCELLED));
        await().atMost(WAIT).untilAsserted(() -> {
            assertThat(fakes.executor().slowness().cancelled()).as("the executor call cancelled with the Interpret call").isEqualTo(1);
            assertThat(abandonedAt("execute")).as("the abandoned call counted at its stage").isEqualTo(abandonedBefore + 1);
        });
        assertThat(fakes.executor().batches()).singleElement().asList().hasSize(2);
    }

    @Test
    void aCancelledStreamCancelsItsDownstreamCallAndIsCounted() {
        fakes.infill().slow(SLOW);
        double abandonedBefore = abandonedAt("infill");
        Context.CancellableContext call = Context.current().withCancellation();
        List<Stage> started = new CopyOnWriteArrayList<>();
        Future<?> stream = caller.submit(() -> call.run(() -> interpreter.withDeadlineAfter(20, TimeUnit.SECONDS)
                .streamInterpret(rating(Hotels.STARS).build()).forEachRemaining(e -> {
                    if (e.hasStageStarted()) {
                        started.add(e.getStageStarted().getKind());
                    }
                })));
        // the client has seen infill start (events still in flight are dropped by the cancel) and infill-svc is working
        await().atMost(WAIT).until(() -> fakes.infill().slowness().started() == 1 && started.contains(Stage.STAGE_INFILL));

        call.cancel(null); // the client goes away while infill-svc is working

        assertThatThrownBy(() -> stream.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(StatusRuntimeException.class);
        await().atMost(WAIT).untilAsserted(() -> {
            assertThat(fakes.infill().slowness().cancelled()).as("the infill call cancelled with the stream").isEqualTo(1);
            assertThat(abandonedAt("infill")).as("the abandoned stream counted at its stage").isEqualTo(abandonedBefore + 1);
        });
        assertThat(started).contains(Stage.STAGE_INFILL).doesNotContain(Stage.STAGE_ANALYZE);
    }
}
