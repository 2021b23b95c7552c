package dev.overtone.infill.grpc;

import dev.overtone.proto.v1.InfillServiceGrpc;
import dev.overtone.runtime.testing.RecordingCheck;
import io.grpc.Channel;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.stream.Stream;

/**
 * As {@link RecordedAnswersTest}, for the answers of this service with its model endpoint down
 * ({@code contracts/infill-svc.model-down}): structural readings only, degraded, with the typed degradation of
 * the model stage. interpreter-svc's FakeInfill replays them when a test says its infill-svc is degraded.
 */
@QuarkusTest
@TestProfile(ModelDownProfile.class)
class RecordedModelDownAnswersTest {
    @GrpcClient("infill")
    Channel infill;

    @AfterEach
    void everyParserCallWasAnsweredFromARecording() {
        FakeParser.assertEveryCallRecorded();
    }

    @TestFactory
    Stream<DynamicTest> everyRecordedAnswerIsWhatTheServiceAnswersNow() {
        return RecordingCheck.of("infill-svc.model-down", InfillServiceGrpc.getServiceDescriptor()).against(infill);
    }
}
