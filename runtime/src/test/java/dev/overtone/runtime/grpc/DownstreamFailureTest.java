package dev.overtone.runtime.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** How a downstream call's status is phrased and which code the calling service passes on. */
class DownstreamFailureTest {
    private static DownstreamFailure of(Status status) {
        return DownstreamFailure.of("parser-svc", "localhost:9091", "Analyze", 1500, status);
    }

    @Test
    void anUnreachablePeerIsUnavailableNamingWhereItWasLookedFor() {
        DownstreamFailure failure = of(Status.UNAVAILABLE.withDescription("io exception"));
        assertThat(failure.code()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(failure.service()).isEqualTo("parser-svc");
        assertThat(failure).hasMessage("parser-svc is unavailable at localhost:9091: io exception");
    }

    @Test
    void aSlowPeerIsADeadlineNamingTheRpcAndTheTimeout() {
        DownstreamFailure failure = of(Status.DEADLINE_EXCEEDED.withDescription("deadline exceeded after 1.5s"));
        assertThat(failure.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(failure).hasMessage("parser-svc did not answer Analyze within 1500 ms (localhost:9091): deadline exceeded after 1.5s");
    }

    @Test
    void aPeerWithoutTheMethodOrFailingInsideIsAnOutageNotTheCallersFault() {
        assertThat(of(Status.UNIMPLEMENTED).code()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(of(Status.UNIMPLEMENTED).getMessage()).isEqualTo("parser-svc at localhost:9091 does not implement Analyze yet: UNIMPLEMENTED");
        for (Status status : new Status[] {Status.INTERNAL, Status.UNKNOWN, Status.DATA_LOSS}) {
            assertThat(of(status.withDescription("boom")).code()).isEqualTo(Status.Code.UNAVAILABLE);
            assertThat(of(status.withDescription("boom")).getMessage())
                    .isEqualTo("parser-svc failed on Analyze (" + status.getCode() + "): boom");
        }
    }

    @Test
    void runningOutOfMemoryHereIsNotBlamedOnThePeer() {
        // as grpc-java's Netty client fails every call of a connection whose read could not reserve direct memory
        DownstreamFailure failure = of(Status.UNKNOWN.withCause(new OutOfMemoryError("Cannot reserve 65536 bytes of direct buffer memory")));
        assertThat(failure.code()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(failure).hasMessage("this replica ran out of memory reading parser-svc's answer to Analyze (localhost:9091; the "
                + "connection was closed, with every call on it): Cannot reserve 65536 bytes of direct buffer memory; retry the call");
    }

    @Test
    void aCancelledCallStaysCancelled() {
        assertThat(of(Status.CANCELLED.withDescription("client gone")).code()).isEqualTo(Status.Code.CANCELLED);
        assertThat(of(Status.CANCELLED.withDescription("client gone")).getMessage()).isEqualTo("parser-svc Analyze was cancelled: client gone");
    }

    @Test
    void thePeersVerdictOnTheRequestIsPassedOnWithItsOwnWords() {
        DownstreamFailure failure = of(Status.INVALID_ARGUMENT.withDescription("sql is empty"));
        assertThat(failure.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(failure).hasMessage("sql is empty");
        assertThat(of(Status.NOT_FOUND.withDescription("no such tenant")).code()).isEqualTo(Status.Code.NOT_FOUND);
    }

    @Test
    void withoutADescriptionTheCauseOrTheCodeIsTheDetail() {
        assertThat(of(Status.UNAVAILABLE.withCause(new IOException("connection refused"))).getMessage())
                .endsWith(": connection refused");
        assertThat(of(Status.UNAVAILABLE).getMessage()).endsWith(": UNAVAILABLE");
    }

    @Test
    void aSpentBudgetIsADeadlineForACallNeverMade() {
        DownstreamFailure failure = DownstreamFailure.budgetSpent("executor-svc", "Execute");
        assertThat(failure.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(failure).hasMessage("executor-svc Execute was not called: the request's time budget is spent");
    }

    @Test
    void onlyFailuresAboutTheRequestAreAboutTheReading() {
        assertThat(of(Status.INVALID_ARGUMENT).aboutTheReading()).isTrue();
        assertThat(of(Status.PERMISSION_DENIED).aboutTheReading()).isTrue();
        assertThat(of(Status.FAILED_PRECONDITION).aboutTheReading()).isTrue();
        assertThat(of(Status.OUT_OF_RANGE).aboutTheReading()).isTrue();
        assertThat(of(Status.INTERNAL).aboutTheReading()).as("an outage, whatever the peer said").isFalse();
        assertThat(of(Status.NOT_FOUND).aboutTheReading()).isFalse();
        assertThat(of(Status.DEADLINE_EXCEEDED).aboutTheReading()).isFalse();
    }

    @Test
    void itIsAnsweredWithItsOwnCodeAsAStatusFailure() {
        StatusFailure failure = of(Status.RESOURCE_EXHAUSTED.withDescription("full"));
        assertThat(failure.statusCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
    }
}
