package dev.overtone.infill.grpc;

import io.quarkus.test.junit.QuarkusTest;

/**
 * The answers recorded from this service for interpreter-svc's FakeInfill are still what it answers: every
 * recording of {@code contracts/infill-svc} in runtime's test-jar is sent to the real service over gRPC and its
 * answer must equal the recorded one, proto for proto. The service runs as configured for tests: structural
 * infill over this module's FakeParser, which replays parser-svc's own recordings, and no model endpoint (so no
 * model degradation). With {@code -Dovertone.contracts.record=true} it rewrites the recorded responses instead
 * (runtime/README.md, "Recorded answers").
 */
@QuarkusTest
class RecordedAnswersTest extends RecordedInfillAnswers {
    @Override
    String folder() {
        return "infill-svc";
    }
}
