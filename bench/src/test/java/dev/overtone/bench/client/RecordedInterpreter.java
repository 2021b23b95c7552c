package dev.overtone.bench.client;

import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.runtime.testing.RecordedExchanges;
import dev.overtone.runtime.testing.ReplayedAnswers;
import io.grpc.BindableService;

/**
 * interpreter-svc as it really answers: the Interpret exchanges recorded from the real service on the demo hotels
 * (runtime's test-jar, {@code contracts/interpreter-svc/}, checked against the service by interpreter-svc's
 * {@code RecordedAnswersTest}; runtime/README.md, "Recorded answers"), read once. {@link #recorded} and {@link #request}
 * hand one recording's answer and question to a test that reads a real answer. An instance is a stand-in that answers an
 * Interpret from the recording of an equal request (or with its recorded refusal) and fails any other with INTERNAL,
 * which it also keeps for the test's {@code @AfterEach} ({@link #assertEveryCallRecorded}): bench reports a failed call
 * as a measurement, so the call's failure alone would not fail the test.
 */
public final class RecordedInterpreter {
    private static final RecordedExchanges RECORDED = RecordedExchanges.load("interpreter-svc",
            InterpreterServiceGrpc.getServiceDescriptor());

    private final ReplayedAnswers replay = new ReplayedAnswers(RECORDED, "bench");

    /** The answer of recording {@code name} ("interpret.stars.json"); fails when there is none or it is a refusal. */
    public static InterpretResponse recorded(String name) {
        return RECORDED.response(name);
    }

    /** The request of recording {@code name}: what the real service was asked. */
    public static InterpretRequest request(String name) {
        return (InterpretRequest) RECORDED.named(name).request();
    }

    /** The recorded answer to an equal request, else the recorded refusal or INTERNAL (kept), thrown as a status. */
    public InterpretResponse answer(InterpretRequest request) {
        return replay.<InterpretResponse>answer("Interpret", request).await().indefinitely();
    }

    /** This stand-in as interpreter-svc, for {@link StandInSuite#serving}. */
    public BindableService service() {
        return StandInSuite.interpreter(this::answer);
    }

    /** For the test's {@code @AfterEach}: every Interpret was one the real service was recorded answering. */
    public void assertEveryCallRecorded() {
        replay.assertEveryCallRecorded();
    }
}
