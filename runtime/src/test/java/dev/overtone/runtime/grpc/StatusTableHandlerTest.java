package dev.overtone.runtime.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.overtone.runtime.testing.FakeServerCall;
import io.grpc.Metadata;
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

    private static FakeServerCall<byte[], byte[]> call() {
        return new FakeServerCall<>(EchoMethods.EXECUTE);
    }

    private static ServerCall.Listener<byte[]> failingOnHalfClose(RuntimeException failure) {
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
        FakeServerCall<byte[], byte[]> call = call();
        handler(null).createHandler(failingOnHalfClose(new Refused(Status.Code.RESOURCE_EXHAUSTED, "full")), call, new Metadata())
                .onHalfClose();
        assertThat(call.status().orElseThrow().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(call.status().orElseThrow().getDescription()).isEqualTo("full");
        assertThat(call.trailers().orElseThrow().get(RetryPolicy.PUSHBACK)).as("the table's trailer reaches the caller").isNotNull();
    }

    @Test
    void aCallThatWasAlreadyAnsweredIsLeftAlone() {
        FakeServerCall<byte[], byte[]> call = call();
        call.close(Status.OK, new Metadata());
        var listener = handler(null).createHandler(failingOnHalfClose(new Refused(Status.Code.NOT_FOUND, "gone")), call, new Metadata());
        assertThatCode(listener::onHalfClose).doesNotThrowAnyException();
        assertThat(call.status().orElseThrow().getCode()).as("the first answer stands").isEqualTo(Status.Code.OK);
    }
}
