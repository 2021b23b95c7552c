package dev.overtone.interpreter.grpc;

import static dev.overtone.interpreter.grpc.Questions.rating;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.InterpretEvent;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Stage;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The gRPC face over real gRPC against the fakes: a request is checked before any downstream call, Interpret and
 * StreamInterpret answer alike, and a stream's events come in the order the pipeline made them, the answer last.
 */
@QuarkusTest
class InterpreterGrpcServiceTest extends AgainstFakes {

    @Test
    void aRefusedRequestReachesNoDownstreamService() {
        assertThatThrownBy(() -> ask(rating(Hotels.STARS).setTenant("").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));
        List<InterpretEvent> streamed = new ArrayList<>();
        assertThatThrownBy(() -> interpreter.withDeadlineAfter(10, TimeUnit.SECONDS)
                .streamInterpret(rating(Hotels.STARS).setTenant("").build()).forEachRemaining(streamed::add))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));

        assertThat(streamed).as("no stage started").isEmpty();
        assertThat(fakes.executor().describeCalls()).isZero();
        assertThat(fakes.executor().batches()).isEmpty();
    }

    @Test
    void interpretAndStreamInterpretGiveTheSameAnswer() {
        InterpretResponse unary = ask(rating(Hotels.STARS).build());
        List<InterpretEvent> events = stream();

        assertThat(withoutTimings(events.get(events.size() - 1).getAnswer())).isEqualTo(withoutTimings(unary));
    }

    @Test
    void aStreamSaysEachStageStartedBeforeItFinishedAndEveryReadingBeforeTheAnswerWhichComesLastAndOnce() {
        List<InterpretEvent> events = stream();

        Set<Stage> open = new HashSet<>();
        for (InterpretEvent e : events.subList(0, events.size() - 1)) {
            assertThat(e.hasAnswer()).as("the answer comes last, once").isFalse();
            if (e.hasStageStarted()) {
                assertThat(open.add(e.getStageStarted().getKind())).as("started while running").isTrue();
            } else if (e.hasStageFinished()) {
                assertThat(open.remove(e.getStageFinished().getKind())).as("finished after it started").isTrue();
            }
        }
        InterpretResponse answer = events.get(events.size() - 1).getAnswer();
        assertThat(open).as("every stage finished before the answer").isEmpty();
        assertThat(events).filteredOn(InterpretEvent::hasInterpretationAdded).extracting(e -> e.getInterpretationAdded().getFingerprint())
                .containsExactlyInAnyOrderElementsOf(answer.getInterpretationsList().stream().map(Interpretation::getFingerprint).toList());
    }

    private List<InterpretEvent> stream() {
        List<InterpretEvent> events = new ArrayList<>();
        interpreter.withDeadlineAfter(10, TimeUnit.SECONDS).streamInterpret(rating(Hotels.STARS).build()).forEachRemaining(events::add);
        return events;
    }

    private static InterpretResponse withoutTimings(InterpretResponse answer) {
        return answer.toBuilder().clearTimings().clearTotalMicros().build();
    }
}
