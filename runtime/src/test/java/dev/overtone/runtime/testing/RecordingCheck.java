package dev.overtone.runtime.testing;

import com.google.protobuf.Message;
import dev.overtone.runtime.testing.RecordedExchanges.Exchange;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.MethodDescriptor;
import io.grpc.ServiceDescriptor;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import org.junit.jupiter.api.DynamicTest;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The check a real service's own test makes of the answers recorded from it (runtime/README.md, "Recorded
 * answers"): every recording of the folder is sent to the service over {@code channel} and its answer must equal
 * the recorded one, proto for proto (or the service must refuse it with the recorded code and description), after {@code comparable} has cleared on both sides what may differ between
 * runs (an elapsed time, a generated id). With {@value RecordedExchanges#RECORD_PROPERTY}{@code =true} it rewrites
 * the responses in the source tree from the service instead.
 */
public final class RecordingCheck {
    private final String folder;
    private final ServiceDescriptor descriptor;
    private UnaryOperator<Message> comparable = UnaryOperator.identity();

    private RecordingCheck(String folder, ServiceDescriptor descriptor) {
        this.folder = folder;
        this.descriptor = descriptor;
    }

    /** The recordings of {@code contracts/FOLDER} (a service, or a service in a named state: infill-svc.model-down). */
    public static RecordingCheck of(String folder, ServiceDescriptor descriptor) {
        return new RecordingCheck(folder, descriptor);
    }

    /** What is compared of an answer: the answer without the fields it may legitimately differ in. */
    public RecordingCheck comparing(UnaryOperator<Message> comparable) {
        this.comparable = comparable;
        return this;
    }

    /** One dynamic test per recording, answered by the service behind {@code channel}. */
    public Stream<DynamicTest> against(Channel channel) {
        boolean record = Boolean.getBoolean(RecordedExchanges.RECORD_PROPERTY);
        // Checking reads the test-jar the fakes read; recording rewrites the source files it is built from.
        RecordedExchanges recorded = record ? RecordedExchanges.loadSources(folder, descriptor) : RecordedExchanges.load(folder, descriptor);
        assertThat(recorded.exchanges()).as("recordings of %s in runtime's test-jar; an empty list means a stale "
                + "overtone-runtime test-jar: build with the reactor (-am)", folder).isNotEmpty();
        Path sources = record ? RecordingFiles.sourceFolder(folder) : null;
        return recorded.exchanges().stream().map(exchange -> DynamicTest.dynamicTest(exchange.name(), () -> {
            Exchange answered = call(channel, exchange);
            if (record) {
                RecordingFiles.write(sources.resolve(exchange.name()), answered);
                return;
            }
            assertThat(exchange.recorded()).as("%s was captured but never recorded; run this test with -D%s=true",
                    exchange.name(), RecordedExchanges.RECORD_PROPERTY).isTrue();
            String differs = String.format("%s answers %s differently from the recording %s (if the change is meant, refresh "
                    + "with -D%s=true and fix the tests of the services whose fakes replay it)", folder,
                    exchange.method().getBareMethodName(), exchange.name(), RecordedExchanges.RECORD_PROPERTY);
            assertThat(refusal(answered)).as(differs).isEqualTo(refusal(exchange));
            if (exchange.response() != null) {
                assertThat(comparable.apply(answered.response())).as(differs).isEqualTo(comparable.apply(exchange.response()));
            }
        }));
    }

    /** A refusal as it is compared: its code and description ("answered" when there is none). */
    private static String refusal(Exchange exchange) {
        return exchange.failure() == null ? "answered" : exchange.failure().getCode() + ": " + exchange.failure().getDescription();
    }

    /** The exchange as the service answers it now: its response, or the status it refused the call with. */
    @SuppressWarnings("unchecked")
    private static Exchange call(Channel channel, Exchange exchange) {
        MethodDescriptor<Message, Message> method = (MethodDescriptor<Message, Message>) exchange.method();
        try {
            return exchange.withResponse(ClientCalls.blockingUnaryCall(channel, method,
                    CallOptions.DEFAULT.withDeadlineAfter(60, TimeUnit.SECONDS), exchange.request()));
        } catch (StatusRuntimeException e) {
            return exchange.withFailure(e.getStatus());
        }
    }
}
