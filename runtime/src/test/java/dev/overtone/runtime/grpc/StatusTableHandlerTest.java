package dev.overtone.runtime.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import jakarta.enterprise.inject.Instance;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;

/** Every failure of a gRPC method answered through the service's status table, whichever way the method failed. */
class StatusTableHandlerTest {
    private static final class Refused extends CodedFailure {
        Refused(Status.Code code, String message) {
            super(code, message);
        }
    }

    /** A call that records how it was closed, or refuses a second close as grpc-java does. */
    private static final class RecordingCall extends ServerCall<String, String> {
        Status status;
        Metadata trailers;
        boolean closedAlready;

        @Override
        public void close(Status status, Metadata trailers) {
            if (closedAlready) {
                throw new IllegalStateException("call already closed");
            }
            this.status = status;
            this.trailers = trailers;
        }

        @Override
        public void request(int numMessages) {
        }

        @Override
        public void sendHeaders(Metadata headers) {
        }

        @Override
        public void sendMessage(String message) {
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public MethodDescriptor<String, String> getMethodDescriptor() {
            return null;
        }
    }

    /** The handler with {@code table} as the service's bean, or none when null. */
    @SuppressWarnings("unchecked")
    private static StatusTableHandler handler(StatusTable table) {
        Instance<StatusTable> tables = (Instance<StatusTable>) Proxy.newProxyInstance(StatusTableHandlerTest.class.getClassLoader(),
                new Class<?>[] {Instance.class}, (p, method, args) -> switch (method.getName()) {
                    case "isResolvable" -> table != null;
                    case "get" -> table;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return new StatusTableHandler(tables, "test-svc");
    }

    private static ServerCall.Listener<String> failingOnHalfClose(RuntimeException failure) {
        return new ServerCall.Listener<>() {
            @Override
            public void onHalfClose() {
                throw failure;
            }
        };
    }

    @Test
    void aFailedUniIsAnsweredWithTheServicesOwnRow() {
        StatusTable table = StatusTable.of("test-svc").row(IllegalArgumentException.class, Status.Code.INVALID_ARGUMENT,
                "bad request: " + StatusTable.MESSAGE).build();
        StatusRuntimeException status = (StatusRuntimeException) handler(table).transform(new IllegalArgumentException("no sql"));
        assertThat(status.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(status.getStatus().getDescription()).isEqualTo("bad request: no sql");
    }

    @Test
    void withoutATableOfItsOwnTheSharedRowsAnswerAndAnUnknownFailureNamesTheService() {
        StatusTableHandler handler = handler(null);
        StatusRuntimeException coded = (StatusRuntimeException) handler.transform(new Refused(Status.Code.NOT_FOUND, "no tenant acme"));
        assertThat(coded.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
        StatusRuntimeException unknown = (StatusRuntimeException) handler.transform(new IllegalStateException("a bug"));
        assertThat(unknown.getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
        assertThat(unknown.getStatus().getDescription()).isEqualTo("test-svc failed unexpectedly; see its log");
    }

    @Test
    void whatAListenerThrewClosesTheCallWithTheStatusAndItsTrailers() {
        RecordingCall call = new RecordingCall();
        handler(null).createHandler(failingOnHalfClose(new Refused(Status.Code.RESOURCE_EXHAUSTED, "full")), call, new Metadata())
                .onHalfClose();
        assertThat(call.status.getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(call.status.getDescription()).isEqualTo("full");
        assertThat(call.trailers.get(RetryPolicy.PUSHBACK)).as("the table's trailer reaches the caller").isNotNull();
    }

    @Test
    void aCallThatWasAlreadyAnsweredIsLeftAlone() {
        RecordingCall call = new RecordingCall();
        call.closedAlready = true;
        var listener = handler(null).createHandler(failingOnHalfClose(new Refused(Status.Code.NOT_FOUND, "gone")), call, new Metadata());
        assertThatCode(listener::onHalfClose).doesNotThrowAnyException();
    }
}
