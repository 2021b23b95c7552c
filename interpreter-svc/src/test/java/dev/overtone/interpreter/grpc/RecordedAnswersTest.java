package dev.overtone.interpreter.grpc;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.proto.v1.StageTiming;
import dev.overtone.runtime.testing.RecordingCheck;
import io.grpc.Channel;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.List;
import java.util.regex.Pattern;
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
 * <p>What differs between runs or machines is taken out on both sides before comparing: the wall times (each stage's
 * {@code micros} and the answer's {@code total_micros}); in the words of a warning or a degradation, the port of the
 * test app that plays the downstream services ({@code localhost:18090} by default, another where a run sets
 * {@code quarkus.grpc.server.test-port}); and the last bits of every double, rounded to nine decimals.
 * The ranking's probabilities and evidence are built on MiniLM cosines, results of ONNX Runtime whose last bits may
 * differ between CPUs (parser-svc's check clears its variants' scores for the same reason). Everything else must be
 * equal.
 */
@QuarkusTest
class RecordedAnswersTest extends AgainstFakes {
    private static final Pattern TEST_APP = Pattern.compile("localhost:\\d+");

    @GrpcClient("interpreter")
    Channel channel;

    @TestFactory
    Stream<DynamicTest> everyRecordedAnswerIsWhatTheServiceAnswersNow() {
        return RecordingCheck.of("interpreter-svc", InterpreterServiceGrpc.getServiceDescriptor())
                .comparing(RecordedAnswersTest::comparable).against(channel);
    }

    /** The answer without what differs between runs (see the class comment). */
    static Message comparable(Message answer) {
        if (answer instanceof InterpretResponse r) {
            InterpretResponse.Builder b = r.toBuilder().clearTotalMicros();
            b.getTimingsBuilderList().forEach(StageTiming.Builder::clearMicros);
            List<String> warnings = b.getWarningsList().stream().map(RecordedAnswersTest::withoutTestPort).toList();
            b.clearWarnings().addAllWarnings(warnings);
            b.getDegradationsBuilderList().forEach(d -> d.setMessage(withoutTestPort(d.getMessage())));
            return rounded(b.build());
        }
        return answer;
    }

    /** The message with every double in it, at any depth, rounded to nine decimals (the contracts have no float). */
    static Message rounded(Message message) {
        Message.Builder b = message.toBuilder();
        message.getAllFields().forEach((field, value) -> {
            if (field.isRepeated()) {
                b.clearField(field);
                ((List<?>) value).forEach(v -> b.addRepeatedField(field, rounded(field, v)));
            } else {
                b.setField(field, rounded(field, value));
            }
        });
        return b.build();
    }

    private static Object rounded(FieldDescriptor field, Object value) {
        return switch (field.getJavaType()) {
            case DOUBLE -> Math.rint((Double) value * 1e9) / 1e9;
            case MESSAGE -> rounded((Message) value);
            default -> value;
        };
    }

    private static String withoutTestPort(String words) {
        return TEST_APP.matcher(words).replaceAll("localhost:PORT");
    }
}
