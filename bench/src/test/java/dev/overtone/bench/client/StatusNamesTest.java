package dev.overtone.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.overtone.proto.v1.FailedReading;
import dev.overtone.proto.v1.StatusCode;

class StatusNamesTest {

    @Test
    void theTypedCodeGivesTheNameReportsUse() {
        assertThat(StatusNames.of(FailedReading.newBuilder().setCode(StatusCode.STATUS_CODE_INVALID_ARGUMENT).build()))
                .isEqualTo("INVALID_ARGUMENT");
        assertThat(StatusNames.of(FailedReading.newBuilder().setCode(StatusCode.STATUS_CODE_DEADLINE_EXCEEDED).build()))
                .isEqualTo("DEADLINE_EXCEEDED");
    }

    @Test
    @SuppressWarnings("deprecation") // builds what a server older than code sends: the string status alone
    void aServerWithoutCodeIsReadByTheNameItSends() {
        assertThat(StatusNames.of(FailedReading.newBuilder().setStatus("FAILED_PRECONDITION").build()))
                .isEqualTo("FAILED_PRECONDITION");
        assertThat(StatusNames.of(FailedReading.newBuilder().setCodeValue(99).setStatus("SOMETHING_NEW").build()))
                .as("a code the bench does not know").isEqualTo("SOMETHING_NEW");
    }
}
