package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import org.junit.jupiter.api.Test;

class ClarifyExceptionTest {

    /** Each kind is answered with the gRPC status code of its name, and the message reaches the caller as it is. */
    @Test
    void everyKindIsTheStatusCodeOfItsName() {
        for (ClarifyException.Kind kind : ClarifyException.Kind.values()) {
            ClarifyException e = new ClarifyException(kind, "why: " + kind);
            assertThat(e.code()).isEqualTo(Status.Code.valueOf(kind.name()));
            assertThat(e.kind()).isEqualTo(kind);
            assertThat(e.getMessage()).isEqualTo("why: " + kind);
        }
    }

    @Test
    void invalidIsInvalidArgument() {
        ClarifyException e = ClarifyException.invalid("no candidates");
        assertThat(e.kind()).isEqualTo(ClarifyException.Kind.INVALID_ARGUMENT);
        assertThat(e.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
    }
}
