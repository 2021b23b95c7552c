package dev.overtone.interpreter.grpc;

import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.runtime.testing.RecordingCheck;
import io.grpc.Channel;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.stream.Stream;

/**
 * What this service answers while clarify-svc is down, as recorded for its clients' stand-ins
 * ({@code contracts/interpreter-svc.clarify-down/*.json}): checked, or with {@code -Dovertone.contracts.record=true}
 * rewritten, as {@link RecordedAnswersTest} does, with every clarify-svc call failing UNAVAILABLE.
 */
@QuarkusTest
class RecordedClarifyDownAnswersTest extends AgainstFakes {
    @GrpcClient("interpreter")
    Channel channel;

    @BeforeEach
    void clarifySvcDown() {
        fakes.clarify().failWith(Status.UNAVAILABLE.withDescription("clarify-svc is down"));
    }

    @TestFactory
    Stream<DynamicTest> everyRecordedAnswerIsWhatTheServiceAnswersWhileClarifySvcIsDown() {
        return RecordingCheck.of("interpreter-svc.clarify-down", InterpreterServiceGrpc.getServiceDescriptor())
                .comparing(RecordedAnswersTest::comparable).against(channel);
    }
}
