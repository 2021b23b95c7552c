package dev.overtone.clarify.grpc;

import com.google.protobuf.Message;
import dev.overtone.clarify.support.AgainstRecordedParser;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.FakeParserServer;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.Turn;
import dev.overtone.runtime.testing.RecordingCheck;
import io.grpc.Channel;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The answers recorded from this service for the fakes that stand for it elsewhere (interpreter-svc's FakeClarify) are
 * still what it answers: every recording in runtime's test-jar ({@code contracts/clarify-svc/*.json}) is sent to the
 * real service over gRPC, with its PostgreSQL and with parser-svc replayed from parser-svc's own recordings
 * ({@link FakeParserServer}), and its answer must equal the recorded one, proto for proto, or it must refuse the call
 * with the recorded status. With {@code -Dovertone.contracts.record=true} it rewrites the recorded answers instead
 * (runtime/README.md, "Recorded answers"). A turn's {@code session_id} is cleared on both sides before comparing: the
 * service makes a new one for every Start.
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class RecordedAnswersTest extends AgainstRecordedParser {
    @GrpcClient("clarify")
    Channel clarify;

    @TestFactory
    Stream<DynamicTest> everyRecordedAnswerIsWhatTheServiceAnswersNow() {
        return RecordingCheck.of("clarify-svc", ClarifyServiceGrpc.getServiceDescriptor())
                .comparing(RecordedAnswersTest::comparable).against(clarify);
    }

    private static Message comparable(Message answer) {
        return answer instanceof Turn turn ? turn.toBuilder().clearSessionId().build() : answer;
    }
}
