package dev.overtone.interpreter.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.interpreter.fake.Fakes;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.proto.v1.StatusCode;
import dev.overtone.runtime.testing.ConfigProfile;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A stage's statements reach executor-svc in ExecuteBatch calls of at most pipeline.max-batch, each SQL once. */
@QuarkusTest
@TestProfile(ExecuteBatchingTest.BatchesOfTwo.class)
class ExecuteBatchingTest {
    public static class BatchesOfTwo extends ConfigProfile {
        public BatchesOfTwo() {
            super(Map.of("overtone.interpreter.pipeline.max-batch", "2"));
        }
    }

    @GrpcClient("interpreter")
    InterpreterServiceGrpc.InterpreterServiceBlockingStub interpreter;

    private Fakes fakes;

    @BeforeEach
    void installFakes() {
        fakes = Fakes.install();
    }


    @Test
    void eachSqlRunsOnceInBatchesOfAtMostMaxBatchAndEveryRouteGetsItsOutcome() {
        InterpretRequest request = InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels")
                .setQuestion("the rating of each hotel")
                .addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS).setText("the star rating"))
                .addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS).setText("how many stars"))
                .addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS_PARAPHRASE))
                .addDefaults(CallerDefault.newBuilder().setSql(Hotels.BROKEN).setText("the rating column"))
                .setOptions(InterpretOptions.newBuilder().setInfill(false)).build();

        InterpretResponse answer = interpreter.withDeadlineAfter(10, TimeUnit.SECONDS).interpret(request);

        fakes.assertEveryCallRecorded();
        assertThat(fakes.executor().batches()).containsExactlyInAnyOrder(
                List.of(Hotels.STARS, Hotels.STARS_PARAPHRASE), List.of(Hotels.BROKEN));
        assertThat(answer.getInterpretationsList()).singleElement()
                .satisfies(only -> assertThat(only.getParaphrasesCount()).isEqualTo(2));
        assertThat(answer.getFailuresList()).singleElement().satisfies(f -> {
            assertThat(f.getSql()).isEqualTo(Hotels.BROKEN);
            assertThat(f.getCode()).isEqualTo(StatusCode.STATUS_CODE_INVALID_ARGUMENT);
            assertThat(f.getMessage()).isEqualTo("SQLite rejected the statement: (no such column: rating)");
        });
    }

    @Test
    void aBatchWhoseResultsTogetherPassGrpcsDefaultMessageSizeIsAnswered() {
        InterpretRequest.Builder request = InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels")
                .setQuestion("the descriptions of each edition").setOptions(InterpretOptions.newBuilder().setInfill(false));
        for (int edition = 1; edition <= 2; edition++) {
            request.addDefaults(CallerDefault.newBuilder().setSql(Hotels.WIDE_PREFIX + edition).setText("edition " + edition));
        }
        // two results of 1000 rows of 2500 characters: 5 MB in one answer, past gRPC's default 4 MiB
        assertThat(2L * Hotels.WIDE_ROWS * Hotels.WIDE_CELL).isGreaterThan(4L * 1024 * 1024);

        fakes.executor().wideResults();
        InterpretResponse answer = interpreter.withDeadlineAfter(10, TimeUnit.SECONDS).interpret(request.build());

        assertThat(fakes.executor().batches()).singleElement().asList().hasSize(2);
        assertThat(answer.getFailuresList()).isEmpty();
        assertThat(answer.getInterpretationsList()).hasSize(2);
        // (the wide readings have no recorded analyses: the analyze stage degrades, which this test does not look at)
    }
}
