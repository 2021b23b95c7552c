package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Degradation;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.FailedReading;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StatusCode;
import dev.overtone.runtime.grpc.DownstreamFailure;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A stage's failure as the answer carries it: a typed degradation, and a failed reading for a route. */
class DegradationsTest {

    @Test
    void aDownstreamFailureBecomesADegradationWithItsCauseServiceAndCount() {
        DownstreamFailure failure = new DownstreamFailure("parser-svc", Status.Code.DEADLINE_EXCEEDED, "Analyze took longer than 80 ms");

        Degradation d = Degradations.of(Stage.STAGE_PARSE, failure, 3);

        assertThat(d.getStage()).isEqualTo(Stage.STAGE_PARSE);
        assertThat(d.getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED);
        assertThat(d.getService()).isEqualTo("parser-svc");
        assertThat(d.getMessage()).isEqualTo("Analyze took longer than 80 ms");
        assertThat(d.getAffectedCalls()).isEqualTo(3);
    }

    @Test
    void onlyUnavailableAndDeadlineHaveCausesOfTheirOwn() {
        assertThat(Degradations.cause(Status.Code.UNAVAILABLE)).isEqualTo(DegradationCause.DEGRADATION_CAUSE_UNAVAILABLE);
        assertThat(Degradations.cause(Status.Code.DEADLINE_EXCEEDED)).isEqualTo(DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED);
        assertThat(Degradations.cause(Status.Code.INTERNAL)).isEqualTo(DegradationCause.DEGRADATION_CAUSE_FAILED);
        assertThat(Degradations.cause(Status.Code.RESOURCE_EXHAUSTED)).isEqualTo(DegradationCause.DEGRADATION_CAUSE_FAILED);
    }

    @Test
    void readingsMayBeMissingOnlyWhenAStageThatFindsThemWasDegraded() {
        Degradation clarify = Degradations.of(Stage.STAGE_CLARIFY, DegradationCause.DEGRADATION_CAUSE_UNAVAILABLE, "clarify-svc", "down");
        Degradation execute = Degradations.of(Stage.STAGE_EXECUTE, DegradationCause.DEGRADATION_CAUSE_FAILED, "executor-svc", "refused");

        assertThat(Degradations.readingsMayBeMissing(List.of())).isFalse();
        assertThat(Degradations.readingsMayBeMissing(List.of(clarify))).isFalse();
        assertThat(Degradations.readingsMayBeMissing(List.of(clarify, execute))).isTrue();
    }

    @Test
    void aFailedRouteSaysItsTextSqlStageAndCodeAndToleratesMissingText() {
        DownstreamFailure refused = new DownstreamFailure("executor-svc", Status.Code.INVALID_ARGUMENT, "pg_sleep is not allowed");
        FailedReading reading = new FailedRoute(new Route(null, "SELECT pg_sleep(10)", Source.SOURCE_CALLER, ""),
                Stage.STAGE_EXECUTE, refused).reading();

        assertThat(reading.getText()).isEmpty();
        assertThat(reading.getSql()).isEqualTo("SELECT pg_sleep(10)");
        assertThat(reading.getSource()).isEqualTo(Source.SOURCE_CALLER);
        assertThat(reading.getKind()).isEqualTo(Stage.STAGE_EXECUTE);
        assertThat(reading.getCode()).isEqualTo(StatusCode.STATUS_CODE_INVALID_ARGUMENT);
        assertThat(reading.getMessage()).isEqualTo("pg_sleep is not allowed");
    }
}
