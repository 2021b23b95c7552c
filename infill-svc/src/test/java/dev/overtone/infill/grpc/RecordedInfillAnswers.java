package dev.overtone.infill.grpc;

import dev.overtone.proto.v1.InfillServiceGrpc;
import dev.overtone.runtime.testing.RecordingCheck;
import io.grpc.Channel;
import io.quarkus.grpc.GrpcClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.stream.Stream;

/**
 * Every recording of one folder of runtime's test-jar is sent to the real service over gRPC, and its answer must equal
 * the recorded one, proto for proto; parser-svc is this module's FakeParser, which replays parser-svc's own recordings.
 */
abstract class RecordedInfillAnswers {
    @GrpcClient("infill")
    Channel infill;

    /** The folder under {@code contracts/} the recordings are in. */
    abstract String folder();

    @AfterEach
    void everyParserCallWasAnsweredFromARecording() {
        FakeParser.assertEveryCallRecorded();
    }

    @TestFactory
    Stream<DynamicTest> everyRecordedAnswerIsWhatTheServiceAnswersNow() {
        return RecordingCheck.of(folder(), InfillServiceGrpc.getServiceDescriptor()).against(infill);
    }
}
