package dev.overtone.interpreter.grpc;

import com.google.protobuf.Message;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.runtime.testing.RecordingCheck;
import io.grpc.Channel;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.stream.Stream;

/**
 * The answers recorded from this service for the stand-ins that play it in its clients' tests (the cli's
 * {@code overtone ask} and {@code clarify}, the bench's measurements) are still what it answers: every recording in
 * runtime's test-jar ({@code contracts/interpreter-svc/*.json}) is sent to the real service over gRPC, its own
 * downstream services played by their recorded answers ({@link AgainstFakes}), and its answer must equal the recorded
 * one, proto for proto, or it must refuse the call with the recorded status. With
 * {@code -Dovertone.contracts.record=true} it rewrites the recorded answers instead (runtime/README.md, "Recorded
 * answers").
 *
 * <p>The wall times are cleared on both sides before comparing: each stage's {@code micros} and the answer's
 * {@code total_micros}. Everything else must be equal.
 */
@QuarkusTest
class RecordedAnswersTest extends AgainstFakes {
    @GrpcClient("interpreter")
    Channel channel;

    @TestFactory
    Stream<DynamicTest> everyRecordedAnswerIsWhatTheServiceAnswersNow() {
        return RecordingCheck.of("interpreter-svc", InterpreterServiceGrpc.getServiceDescriptor())
                .comparing(RecordedAnswersTest::withoutWallTimes).against(channel);
    }

    /** The answer without its wall times (see the class comment). */
    static Message withoutWallTimes(Message answer) {
        if (answer instanceof InterpretResponse r) {
            InterpretResponse.Builder b = r.toBuilder().clearTotalMicros();
            b.getTimingsBuilderList().forEach(t -> t.clearMicros());
            return b.build();
        }
        return answer;
    }
}
