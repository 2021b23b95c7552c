package dev.overtone.runtime.testing;

import com.google.protobuf.Message;
import io.grpc.StatusRuntimeException;
import io.smallrye.mutiny.Uni;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What a fake of a service answers from the recordings ({@link RecordedExchanges}), for one test: each
 * instance keeps the requests it had no recording of, so that the test fails on them even where the caller
 * absorbed the INTERNAL it got as a degradation. Make one per fake instance; the recordings are read once.
 */
public final class ReplayedAnswers {
    private final RecordedExchanges recorded;
    private final String testsOf;
    private final List<String> unrecorded = new CopyOnWriteArrayList<>();

    /** @param testsOf the module whose tests send the requests, named in the message of an unrecorded one */
    public ReplayedAnswers(RecordedExchanges recorded, String testsOf) {
        this.recorded = recorded;
        this.testsOf = testsOf;
    }

    /** The recorded answer to an equal request (or the recorded refusal), or INTERNAL saying how to record one. */
    @SuppressWarnings("unchecked")
    public <T extends Message> Uni<T> answer(String rpc, Message request) {
        return recorded.exchange(rpc, request).map(e -> e.failure() != null ? Uni.createFrom().<T>failure(e.failure().asRuntimeException())
                : Uni.createFrom().item((T) e.response())).orElseGet(() -> {
            StatusRuntimeException failure = recorded.unrecorded(rpc, request, testsOf);
            unrecorded.add(failure.getStatus().getDescription());
            return Uni.createFrom().failure(failure);
        });
    }

    /** For a test's @AfterEach: every call was answered from a recording. */
    public void assertEveryCallRecorded() {
        if (!unrecorded.isEmpty()) {
            throw new AssertionError(String.join("\n", unrecorded));
        }
    }
}
