package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.InterpretEvent;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageFinished;
import dev.overtone.proto.v1.StageStarted;
import dev.overtone.proto.v1.StageTiming;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.overtone.interpreter.grpc.Questions.rating;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** StreamInterpret: stages and readings as they happen, then the answer; failures as a status. */
@QuarkusTest
class StreamTest extends AgainstFakes {
    /** The stages' names in metric labels and the string stage fields, as they have always been: dashboards read them. */
    static final Map<Stage, String> STAGE_NAMES = Map.of(Stage.STAGE_SCHEMA, "schema", Stage.STAGE_DEFAULTS, "defaults",
            Stage.STAGE_PARSE, "parse", Stage.STAGE_EXECUTE, "execute", Stage.STAGE_REPAIR, "repair", Stage.STAGE_INFILL, "infill",
            Stage.STAGE_ANALYZE, "analyze", Stage.STAGE_VERBALIZE, "verbalize", Stage.STAGE_RECALL, "recall", Stage.STAGE_CLARIFY, "clarify");

    @Test
    void streamEmitsStagesAndInterpretationsThenTheAnswer() {
        Iterator<InterpretEvent> events = interpreter.withDeadlineAfter(10, TimeUnit.SECONDS)
                .streamInterpret(rating(Hotels.STARS).build());
        List<InterpretEvent> all = new ArrayList<>();
        events.forEachRemaining(all::add);

        assertThat(all.get(0).getStageStarted().getKind()).isEqualTo(Stage.STAGE_SCHEMA);
        assertThat(all).filteredOn(InterpretEvent::hasInterpretationAdded).hasSize(2);
        assertThat(all).filteredOn(InterpretEvent::hasStageFinished)
                .anyMatch(e -> e.getStageFinished().getKind() == Stage.STAGE_INFILL);
        InterpretEvent last = all.get(all.size() - 1);
        assertThat(last.hasAnswer()).isTrue();
        assertThat(last.getAnswer().getInterpretationsCount()).isEqualTo(2);
    }

    @Test
    @SuppressWarnings("deprecation") // reads the string stage fields kept for older clients, to check they agree with kind
    void stageEventsAndTimingsCarryTheTypedStageAndTheNameOlderClientsRead() {
        List<InterpretEvent> all = new ArrayList<>();
        interpreter.withDeadlineAfter(10, TimeUnit.SECONDS).streamInterpret(rating(Hotels.STARS)
                .setOptions(InterpretOptions.newBuilder().setStartClarification(true)).build()).forEachRemaining(all::add);
        List<StageStarted> started = all.stream().filter(InterpretEvent::hasStageStarted).map(InterpretEvent::getStageStarted).toList();
        List<StageFinished> finished = all.stream().filter(InterpretEvent::hasStageFinished).map(InterpretEvent::getStageFinished).toList();
        List<StageTiming> timings = all.get(all.size() - 1).getAnswer().getTimingsList();

        assertThat(started).isNotEmpty().allSatisfy(s -> {
            assertThat(STAGE_NAMES).containsKey(s.getKind());
            assertThat(s.getStage()).isEqualTo(STAGE_NAMES.get(s.getKind()));
        });
        assertThat(finished).allSatisfy(f -> {
            assertThat(STAGE_NAMES).containsKey(f.getKind());
            assertThat(f.getStage()).isEqualTo(STAGE_NAMES.get(f.getKind()));
        });
        assertThat(finished).extracting(StageFinished::getKind).as("every stage started, finished, in order")
                .containsExactlyElementsOf(started.stream().map(StageStarted::getKind).toList());
        assertThat(timings).allSatisfy(t -> {
            assertThat(STAGE_NAMES).containsKey(t.getKind());
            assertThat(t.getStage()).isEqualTo(STAGE_NAMES.get(t.getKind()));
        });
        // one timing per stage, in the order the stages first ran (no analyze: infill-svc carried the analyses; no recall:
        // the tenant remembers nothing in this database, clarify-svc said beside the pipeline)
        assertThat(timings).extracting(StageTiming::getKind).containsExactly(Stage.STAGE_SCHEMA, Stage.STAGE_EXECUTE,
                Stage.STAGE_INFILL, Stage.STAGE_VERBALIZE, Stage.STAGE_CLARIFY);
        assertThat(timings).extracting(StageTiming::getKind)
                .containsExactlyElementsOf(started.stream().map(StageStarted::getKind).distinct().toList());
    }

    @Test
    void streamReportsFailuresAsStatus() {
        Iterator<InterpretEvent> events = interpreter.streamInterpret(rating().setQuestion("").build());
        assertThatThrownBy(events::next).isInstanceOfSatisfying(StatusRuntimeException.class,
                e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));
    }
}
