package dev.overtone.cli;

import com.google.protobuf.Message;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.runtime.testing.RecordedExchanges;
import dev.overtone.runtime.testing.ReplayedAnswers;
import io.grpc.ServiceDescriptor;
import io.grpc.stub.StreamObserver;

/**
 * A suite service as its recorded answers say it answers, for a command's test: runtime's test-jar holds what
 * interpreter-svc and executor-svc answered ({@code contracts/SERVICE/*.json}, and
 * {@code contracts/SERVICE.STATE/} in a named state), and each service's own
 * RecordedAnswersTest checks that it still answers so (runtime/README.md, "Recorded answers"). A request with no
 * recording fails the call with INTERNAL, saying how to record it, and the test at {@link #assertEveryCallRecorded()}.
 */
final class RecordedService {
    private static final RecordedExchanges INTERPRETER = load("interpreter-svc", InterpreterServiceGrpc.getServiceDescriptor());
    private static final RecordedExchanges INTERPRETER_CLARIFY_DOWN = load("interpreter-svc.clarify-down",
            InterpreterServiceGrpc.getServiceDescriptor());
    private static final RecordedExchanges EXECUTOR = load("executor-svc", ExecutorServiceGrpc.getServiceDescriptor());

    private final RecordedExchanges recorded;
    private final ReplayedAnswers replayed;

    private RecordedService(RecordedExchanges recorded) {
        this.recorded = recorded;
        this.replayed = new ReplayedAnswers(recorded, "cli");
    }

    static RecordedService interpreter() {
        return new RecordedService(INTERPRETER);
    }

    /** interpreter-svc while clarify-svc is down. */
    static RecordedService interpreterWithClarifyDown() {
        return new RecordedService(INTERPRETER_CLARIFY_DOWN);
    }

    static RecordedService executor() {
        return new RecordedService(EXECUTOR);
    }

    /** The response of the recording in file {@code name} (interpret.stars.json). */
    <T extends Message> T response(String name) {
        return recorded.response(name);
    }

    /** Answers {@code request} to {@code rpc} as recorded, on {@code out}: the response, or the recorded refusal. */
    <T extends Message> void answer(String rpc, Message request, StreamObserver<T> out) {
        replayed.<T>answer(rpc, request).subscribe().with(response -> {
            out.onNext(response);
            out.onCompleted();
        }, out::onError);
    }

    /** For a test's @AfterEach: every call was answered from a recording. */
    void assertEveryCallRecorded() {
        replayed.assertEveryCallRecorded();
    }

    private static RecordedExchanges load(String service, ServiceDescriptor descriptor) {
        RecordedExchanges recorded = RecordedExchanges.load(service, descriptor);
        if (recorded.exchanges().isEmpty()) {
            throw new IllegalStateException("no recordings of " + service + " in runtime's test-jar: build with the reactor (-am)");
        }
        return recorded;
    }
}
