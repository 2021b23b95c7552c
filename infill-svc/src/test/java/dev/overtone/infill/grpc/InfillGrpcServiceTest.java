package dev.overtone.infill.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.infill.config.InfillConfig;
import dev.overtone.infill.service.InfillCoordinator;
import dev.overtone.proto.v1.InfillOptions;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.runtime.testing.ConfigStub;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The gRPC face's own rule: a request that cannot mean anything is refused with what to send instead, before any
 * strategy runs; any other goes to the coordinator as it came.
 */
class InfillGrpcServiceTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final int MAX_QUESTION_LENGTH = 2000;

    private final List<InfillRequest> coordinated = new ArrayList<>();
    /** An inner (not static) subclass, so no @QuarkusTest of the module takes it for a bean. */
    private final InfillCoordinator coordinator = new InfillCoordinator() {
        @Override
        public InfillResponse infill(InfillRequest request) {
            coordinated.add(request);
            return InfillResponse.newBuilder().setAllCovered(true).build();
        }
    };
    private final InfillGrpcService service = new InfillGrpcService();

    @Test
    void aBlankQuestionIsRefusedSayingWhatInfillNeeds() {
        assertThatThrownBy(() -> infill(InfillRequest.newBuilder().setQuestion("  ").build()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("question is empty: infill needs the question the readings answer");
        assertThat(coordinated).isEmpty();
    }

    @Test
    void aNegativeMaxReadingsIsRefusedNamingTheValuesAllowed() {
        assertThatThrownBy(() -> infill(request(-1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("max_readings must be 0 (server default) or positive");
        assertThat(coordinated).isEmpty();
    }

    @Test
    void aQuestionPastItsBoundIsRefusedNamingTheKnobAndOneAtItGoesOn() {
        String atBound = "x".repeat(MAX_QUESTION_LENGTH);
        assertThatThrownBy(() -> infill(InfillRequest.newBuilder().setQuestion(atBound + "x").build()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the question has 2001 characters; the limit is 2000 (overtone.infill.max-question-length)");
        assertThat(coordinated).isEmpty();

        infill(InfillRequest.newBuilder().setQuestion(atBound).build());
        assertThat(coordinated).hasSize(1);
    }

    @Test
    void theServersDefaultOrAPositiveMaxGoesToTheCoordinatorAsItCame() {
        assertThat(infill(request(0)).getAllCovered()).isTrue();
        infill(request(3));

        assertThat(coordinated).containsExactly(request(0), request(3));
    }

    private InfillResponse infill(InfillRequest request) {
        service.coordinator = coordinator;
        service.config = ConfigStub.of(InfillConfig.class, Map.of("maxQuestionLength", MAX_QUESTION_LENGTH));
        return service.infill(request).await().atMost(WAIT);
    }

    private static InfillRequest request(int maxReadings) {
        return InfillRequest.newBuilder().setQuestion("Return the rating of each hotel.")
                .setOptions(InfillOptions.newBuilder().setMaxReadings(maxReadings)).build();
    }
}
