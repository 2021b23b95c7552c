package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.FailedReading;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StatusCode;
import dev.overtone.runtime.grpc.DownstreamFailure;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

class FailedRouteTest {

    @Test
    void theFailedReadingSaysTheRouteTheStageAndTheStatusTypedAndByName() {
        Route route = new Route("the stars of each hotel", "SELECT stars FROM hotel", Source.SOURCE_DEFAULT, "default");
        DownstreamFailure refused = new DownstreamFailure("executor-svc", Status.Code.INVALID_ARGUMENT, "no such table: hotel");

        FailedReading reading = new FailedRoute(route, Stage.STAGE_EXECUTE, refused).reading();

        assertThat(reading.getText()).isEqualTo("the stars of each hotel");
        assertThat(reading.getSql()).isEqualTo("SELECT stars FROM hotel");
        assertThat(reading.getSource()).isEqualTo(Source.SOURCE_DEFAULT);
        FailedAt.EXECUTE_REFUSED.assertSaidBy(reading);
        assertThat(reading.getMessage()).isEqualTo("no such table: hotel");
    }

    @Test
    void aRouteWithoutWordsOrSqlYetFailsWithEmptyFields() {
        Route wordsOnly = new Route("the stars", null, Source.SOURCE_CALLER, "caller");
        Route sqlOnly = new Route(null, "SELECT 1", Source.SOURCE_CALLER, "caller");
        DownstreamFailure down = new DownstreamFailure("parser-svc", Status.Code.UNAVAILABLE, null);

        FailedReading unparsed = new FailedRoute(wordsOnly, Stage.STAGE_PARSE, down).reading();
        FailedReading unexecuted = new FailedRoute(sqlOnly, Stage.STAGE_EXECUTE, down).reading();

        assertThat(unparsed.getSql()).isEmpty();
        assertThat(unexecuted.getText()).isEmpty();
        assertThat(unparsed.getCode()).isEqualTo(StatusCode.STATUS_CODE_UNAVAILABLE);
    }
}
