package dev.overtone.runtime.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import org.junit.jupiter.api.Test;

/** A status message is cut to its trailer's bound at a whole character, counted as gRPC encodes it; a short one is kept. */
class StatusMessageBoundTest {

    @Test
    void aMessageWithinTheBoundIsKeptAsItIs() {
        Status status = Status.NOT_FOUND.withDescription("unknown tenant 'acme'");
        assertThat(StatusMessageBound.bounded(status)).isSameAs(status);
        String atBound = "x".repeat(StatusMessageBound.MAX_ENCODED_BYTES);
        assertThat(StatusMessageBound.bounded(Status.NOT_FOUND.withDescription(atBound)).getDescription()).isEqualTo(atBound);
    }

    @Test
    void aLongMessageIsCutToTheBoundAndSaysSo() {
        Status cut = StatusMessageBound.bounded(Status.NOT_FOUND.withDescription("unknown tenant '" + "x".repeat(10_000) + "'"));

        assertThat(cut.getCode()).isEqualTo(Status.Code.NOT_FOUND);
        assertThat(cut.getDescription()).startsWith("unknown tenant 'xxx").endsWith("x [message cut]");
        assertThat(StatusMessageBound.encodedBytes(cut.getDescription())).isEqualTo(StatusMessageBound.MAX_ENCODED_BYTES);
    }

    @Test
    void charactersOutsidePrintableAsciiCountAsTheirPercentEncodedBytesAndAreNeverSplit() {
        assertThat(StatusMessageBound.encodedBytes("a%é😀\n")).isEqualTo(1 + 3 + 6 + 12 + 3);

        Status cut = StatusMessageBound.bounded(Status.INVALID_ARGUMENT.withDescription("😀".repeat(1_000)));

        String kept = cut.getDescription().replace(" [message cut]", "");
        assertThat(kept).isEqualTo("😀".repeat(kept.length() / 2));
        assertThat(StatusMessageBound.encodedBytes(cut.getDescription())).isLessThanOrEqualTo(StatusMessageBound.MAX_ENCODED_BYTES);
    }
}
