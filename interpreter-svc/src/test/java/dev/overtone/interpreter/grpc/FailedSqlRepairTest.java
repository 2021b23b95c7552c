package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.interpreter.service.FailedAt;
import dev.overtone.proto.v1.InterpretEvent;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.RepairKind;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageTiming;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A caller's SQL that the executor refuses goes to parser-svc's Repair; what comes back is executed and reported. */
@QuarkusTest
class FailedSqlRepairTest extends AgainstFakes {
    private static InterpretRequest brokenSql() {
        return InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels").setQuestion("the rating of each hotel")
                .addDefaults(CallerDefault.newBuilder().setSql(Hotels.BROKEN).setText("the rating column"))
                .setOptions(InterpretOptions.newBuilder().setInfill(false)).build();
    }

    private InterpretResponse askWithBrokenSql() {
        return interpreter.withDeadlineAfter(10, TimeUnit.SECONDS).interpret(brokenSql());
    }

    @Test
    void aRefusedCallerSqlBecomesTheReadingsItsErrorPointsAtEachCarryingItsRepair() {
        fakes.parser().repairWith(Hotels.STARS, Hotels.NAMES);

        InterpretResponse answer = askWithBrokenSql();

        // In ranked order, which the ranking decides: the repairs are the readings, whatever their order.
        assertThat(answer.getInterpretationsList()).extracting(Interpretation::getSql).containsExactlyInAnyOrder(Hotels.STARS, Hotels.NAMES);
        assertThat(answer.getInterpretationsList()).allSatisfy(i -> {
            assertThat(i.getSource()).isEqualTo(Source.SOURCE_CALLER);
            assertThat(i.getText()).isEqualTo("the rating column");
            assertThat(i.getRepair().getKind()).isEqualTo(RepairKind.REPAIR_KIND_CLOSEST_COLUMN);
            assertThat(i.getRepair().getOriginalSql()).isEqualTo(Hotels.BROKEN);
            assertThat(i.getRepair().getEngineMessage()).contains("no such column: rating");
        });
        assertThat(answer.getFailuresList()).isEmpty();
        assertThat(fakes.parser().repairs()).hasSize(1);
        // the repair ran between the two executes, and is timed as its own stage (no recall: nothing remembered in the database)
        assertThat(answer.getTimingsList()).extracting(StageTiming::getKind)
                .containsExactly(Stage.STAGE_SCHEMA, Stage.STAGE_EXECUTE, Stage.STAGE_REPAIR, Stage.STAGE_ANALYZE);
    }

    @Test
    @SuppressWarnings("deprecation") // reads the string stage fields kept for older clients, to check they agree with kind
    void theRepairIsReportedAsStageRepairInTheStreamAndTheTimings() {
        fakes.parser().repairWith(Hotels.STARS);
        List<InterpretEvent> all = new ArrayList<>();

        interpreter.withDeadlineAfter(10, TimeUnit.SECONDS).streamInterpret(brokenSql()).forEachRemaining(all::add);

        assertThat(all).filteredOn(InterpretEvent::hasStageStarted).extracting(InterpretEvent::getStageStarted)
                .filteredOn(s -> s.getKind() == Stage.STAGE_REPAIR)
                .singleElement().satisfies(s -> assertThat(s.getStage()).isEqualTo("repair"));
        assertThat(all).filteredOn(InterpretEvent::hasStageFinished).extracting(InterpretEvent::getStageFinished)
                .filteredOn(f -> f.getKind() == Stage.STAGE_REPAIR)
                .singleElement().satisfies(f -> {
                    assertThat(f.getStage()).isEqualTo("repair");
                    assertThat(f.getDetail()).isEqualTo("1 repaired SQLs for 1 refused");
                });
        assertThat(all.get(all.size() - 1).getAnswer().getTimingsList()).filteredOn(t -> t.getKind() == Stage.STAGE_REPAIR)
                .singleElement().satisfies(t -> assertThat(t.getStage()).isEqualTo("repair"));
    }

    @Test
    void aRepairThatIsRefusedAgainIsReportedWithItsMessageAndNotRepairedAgain() {
        fakes.parser().repairWith("SELECT ratings FROM hotels");

        InterpretResponse answer = askWithBrokenSql();

        assertThat(answer.getInterpretationsList()).isEmpty();
        assertThat(answer.getFailuresList()).singleElement().satisfies(f -> {
            assertThat(f.getSql()).isEqualTo("SELECT ratings FROM hotels");
            FailedAt.EXECUTE_REFUSED.assertSaidBy(f);
            assertThat(f.getMessage()).contains("no such column");
        });
        assertThat(fakes.parser().repairs()).hasSize(1);
    }

    @Test
    void whatCannotBeRepairedStaysAFailedReadingWithTheEnginesMessage() {
        InterpretResponse answer = askWithBrokenSql();

        assertThat(answer.getInterpretationsList()).isEmpty();
        assertThat(answer.getFailuresList()).singleElement().satisfies(f -> {
            assertThat(f.getSql()).isEqualTo(Hotels.BROKEN);
            FailedAt.EXECUTE_REFUSED.assertSaidBy(f);
            assertThat(f.getMessage()).contains("no such column: rating");
        });
        assertThat(fakes.parser().repairs()).hasSize(1);
    }
}
