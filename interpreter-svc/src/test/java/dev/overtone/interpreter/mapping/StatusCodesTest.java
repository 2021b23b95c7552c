package dev.overtone.interpreter.mapping;

import dev.overtone.proto.v1.StatusCode;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Every gRPC status code has its contract value, same number and same name after STATUS_CODE_. */
class StatusCodesTest {

    @Test
    void everyGrpcCodeMapsToTheValueOfTheSameNumberAndName() {
        for (Status.Code code : Status.Code.values()) {
            StatusCode typed = StatusCodes.of(code);
            assertThat(typed.getNumber()).as(code.name()).isEqualTo(code.value());
            assertThat(typed.name()).isEqualTo("STATUS_CODE_" + code.name());
        }
        assertThat(StatusCode.values()).as("no value the transport lacks").hasSize(Status.Code.values().length + 1); // + UNRECOGNIZED
    }
}
