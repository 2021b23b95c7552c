package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.interpreter.fake.Scenario;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.RepairKind;
import dev.overtone.proto.v1.Source;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A caller's SQL that the executor refuses goes to parser-svc's Repair; what comes back is executed and reported. */
@QuarkusTest
class FailedSqlRepairTest {

    @GrpcClient("interpreter")
    InterpreterServiceGrpc.InterpreterServiceBlockingStub interpreter;

    @AfterEach
    void everyParserCallWasAnsweredFromARecording() {
        Scenario.assertEveryParserCallRecorded();
    }

    @BeforeEach
    void reset() {
        Scenario.reset();
    }

    private InterpretResponse askWithBrokenSql() {
        InterpretRequest request = InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels").setQuestion("the rating of each hotel")
                .addDefaults(CallerDefault.newBuilder().setSql(Hotels.BROKEN).setText("the rating column"))
                .setOptions(InterpretOptions.newBuilder().setInfill(false)).build();
        return interpreter.withDeadlineAfter(10, TimeUnit.SECONDS).interpret(request);
    }

    @Test
    void aRefusedCallerSqlBecomesTheReadingsItsErrorPointsAtEachCarryingItsRepair() {
        Scenario.repairs.add(Hotels.STARS);
        Scenario.repairs.add(Hotels.NAMES);

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
        assertThat(Scenario.repairCalls.get()).isEqualTo(1);
    }

    @Test
    void aRepairThatIsRefusedAgainIsReportedWithItsMessageAndNotRepairedAgain() {
        Scenario.repairs.add("SELECT ratings FROM hotels");

        InterpretResponse answer = askWithBrokenSql();

        assertThat(answer.getInterpretationsList()).isEmpty();
        assertThat(answer.getFailuresList()).singleElement().satisfies(f -> {
            assertThat(f.getSql()).isEqualTo("SELECT ratings FROM hotels");
            assertThat(f.getStatus()).isEqualTo("INVALID_ARGUMENT");
            assertThat(f.getMessage()).contains("no such column");
        });
        assertThat(Scenario.repairCalls.get()).isEqualTo(1);
    }

    @Test
    void whatCannotBeRepairedStaysAFailedReadingWithTheEnginesMessage() {
        InterpretResponse answer = askWithBrokenSql();

        assertThat(answer.getInterpretationsList()).isEmpty();
        assertThat(answer.getFailuresList()).singleElement().satisfies(f -> {
            assertThat(f.getSql()).isEqualTo(Hotels.BROKEN);
            assertThat(f.getStage()).isEqualTo("execute");
            assertThat(f.getMessage()).contains("no such column: rating");
        });
        assertThat(Scenario.repairCalls.get()).isEqualTo(1);
    }
}
