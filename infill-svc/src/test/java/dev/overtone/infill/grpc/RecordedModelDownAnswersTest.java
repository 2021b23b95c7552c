package dev.overtone.infill.grpc;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/**
 * As {@link RecordedAnswersTest}, for the answers of this service with its model endpoint down
 * ({@code contracts/infill-svc.model-down}): structural readings only, degraded, with the typed degradation of
 * the model stage. interpreter-svc's FakeInfill replays them when a test says its infill-svc is degraded.
 */
@QuarkusTest
@TestProfile(ModelDownProfile.class)
class RecordedModelDownAnswersTest extends RecordedInfillAnswers {
    @Override
    String folder() {
        return "infill-svc.model-down";
    }
}
