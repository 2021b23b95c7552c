package dev.overtone.bench.memory;

import static dev.overtone.bench.client.StandInSuite.interpreter;
import static dev.overtone.bench.client.StandInSuite.readings;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.overtone.bench.client.StandInSuite;
import dev.overtone.bench.client.Suite;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageTiming;

/**
 * The recall cost against a stand-in interpreter-svc over real gRPC whose recall stage takes 1 ms more on each
 * remembered call, 50 ms with the tenant's memory token, and does not run with memory off.
 */
class MemoryCostTest {

    private final AtomicInteger rememberedCalls = new AtomicInteger();
    private StandInSuite standIn;

    @AfterEach
    void stop() throws InterruptedException {
        if (standIn != null) {
            standIn.close();
        }
    }

    private InterpretResponse answer(InterpretRequest request) {
        InterpretResponse.Builder answer = readings(List.of(DemoQuestions.STARS)).toBuilder();
        if (request.getOptions().getIgnoreMemory()) {
            return answer.build();
        }
        boolean withToken = request.hasAfterChoice() && request.getAfterChoice().getTenant().equals(request.getTenant())
                && request.getAfterChoice().getDatabase().equals(request.getDatabase());
        long micros = withToken ? 50_000 : 1000L * rememberedCalls.incrementAndGet();
        return answer.addTimings(StageTiming.newBuilder().setKind(Stage.STAGE_RECALL).setMicros(micros)).build();
    }

    @Test
    void theRecallStageIsMeasuredOnTheCallsAfterTheWarmUpAndWithTheTenantsToken() throws Exception {
        standIn = StandInSuite.serving(interpreter(this::answer));
        InterpretRequest remembered = InterpretRequest.newBuilder().setTenant("mr1-r0").setDatabase("hotels")
                .setQuestion(DemoQuestions.rating().question()).build();

        MemoryCost.Figures figures;
        try (Suite suite = standIn.suite()) {
            figures = MemoryCost.measure(suite, 10_000, remembered, 3, 2);
        }

        // remembered calls 1 and 2 warmed up; the measured ones took 3, 4 and 5 ms in recall
        assertThat(rememberedCalls).hasValue(5);
        assertThat(figures.pairs()).isEqualTo(3);
        assertThat(figures.recallStageP50Ms()).isEqualTo(4.0);
        assertThat(figures.recallStageP99Ms()).isEqualTo(5.0);
        assertThat(figures.askedStageP50Ms()).isEqualTo(50.0);
        assertThat(figures.p50OnMs()).isPositive();
        assertThat(figures.p50OffMs()).isPositive();
        assertThat(figures.addedP50Ms()).isEqualTo(figures.p50OnMs() - figures.p50OffMs());
        assertThat(figures.askedAddedP50Ms()).isEqualTo(figures.p50AskedMs() - figures.p50OffMs());
    }

    @Test
    void theFiguresAreWrittenInMillisecondsToThreeDecimals() {
        MemoryCost.Figures figures = new MemoryCost.Figures(4, 12.34567, 10.0, 20.5, 1.23449, 2.0, 7.0);

        assertThat(figures.toJson()).containsEntry("pairs", 4).containsEntry("p50_on_ms", 12.346).containsEntry("added_p50_ms", 2.346)
                .containsEntry("asked_added_p50_ms", 10.5).containsEntry("recall_stage_p50_ms", 1.234)
                .containsEntry("asked_recall_stage_p50_ms", 7.0);
    }
}
