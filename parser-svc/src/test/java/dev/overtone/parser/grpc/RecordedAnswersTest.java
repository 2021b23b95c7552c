package dev.overtone.parser.grpc;

import com.google.protobuf.Message;
import dev.overtone.proto.v1.ParserServiceGrpc;
import dev.overtone.proto.v1.Variant;
import dev.overtone.proto.v1.VariantsBatchResponse;
import dev.overtone.proto.v1.VariantsResponse;
import dev.overtone.runtime.testing.RecordingCheck;
import io.grpc.Channel;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.stream.Stream;

/**
 * The answers recorded from this service for the fakes that stand for it elsewhere (interpreter-svc's
 * FakeParser) are still what it answers: every recording in runtime's test-jar
 * ({@code contracts/parser-svc/*.json}) is sent to the real service over gRPC and its response must equal
 * the recorded one, proto for proto. When it does not, either this service's contract changed (refresh
 * the recordings and fix what the other services' tests then say) or it broke.
 *
 * <p>With {@code -Dovertone.contracts.record=true} it rewrites the responses of the recordings in the source
 * tree ({@code runtime/src/test/resources/contracts/parser-svc}) from the service instead; that is how they
 * are made and refreshed (runtime/README.md, "Recorded answers"):
 * {@code ./mvnw -B verify -pl parser-svc -am -Dtest=RecordedAnswersTest -Dsurefire.failIfNoSpecifiedTests=false -Dovertone.contracts.record=true}.
 *
 * <p>One field is cleared on both sides before comparing: a variant's {@code score}. It mixes MiniLM cosine
 * similarities, floating-point results of ONNX Runtime whose last bits may differ between CPUs (vector
 * instructions, summation order), so an exact score is not part of the contract. The order of the variants,
 * which the scores decide, still is. Everything else must be equal.
 */
@QuarkusTest
class RecordedAnswersTest {
    private static final String SERVICE = "parser-svc";

    @GrpcClient("parser")
    Channel parser;

    @TestFactory
    Stream<DynamicTest> everyRecordedAnswerIsWhatTheServiceAnswersNow() {
        return RecordingCheck.of(SERVICE, ParserServiceGrpc.getServiceDescriptor()).comparing(RecordedAnswersTest::comparable).against(parser);
    }

    /** The answer without what may legitimately differ between machines (see the class comment). */
    private static Message comparable(Message answer) {
        if (answer instanceof VariantsResponse v) {
            VariantsResponse.Builder b = v.toBuilder();
            b.getVariantsBuilderList().forEach(Variant.Builder::clearScore);
            return b.build();
        }
        if (answer instanceof VariantsBatchResponse v) {
            VariantsBatchResponse.Builder b = v.toBuilder();
            b.getResultsBuilderList().forEach(r -> r.getVariantsBuilderList().forEach(Variant.Builder::clearScore));
            return b.build();
        }
        return answer;
    }
}
