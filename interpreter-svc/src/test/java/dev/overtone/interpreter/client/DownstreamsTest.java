package dev.overtone.interpreter.client;

import dev.overtone.runtime.grpc.Downstream;
import io.grpc.Deadline;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class DownstreamsTest {
    private ServedDownstreams served;

    @AfterEach
    void stop() throws InterruptedException {
        served.close();
    }

    @Test
    void theFourServicesAreNamedAsTheirFailuresSayThem() throws Exception {
        served = ServedDownstreams.serving();
        Downstreams d = served.downstreams();

        assertThat(d.all()).extracting(Downstream::service).containsExactly("executor-svc", "parser-svc", "infill-svc", "clarify-svc");
        assertThat(d.all()).containsExactly(d.executor(), d.parser(), d.infill(), d.clarify());
    }

    @Test
    void everyStubEndsItsCallsAtTheDeadlineAsked() throws Exception {
        served = ServedDownstreams.serving();
        Downstreams d = served.downstreams();
        Deadline soonest = Deadline.after(1_000, TimeUnit.MILLISECONDS);

        assertThat(d.executorStub(1_000).getCallOptions().getDeadline()).isNotNull().isGreaterThanOrEqualTo(soonest);
        assertThat(d.parserStub(1_000).getCallOptions().getDeadline().timeRemaining(TimeUnit.MILLISECONDS)).isBetween(1L, 1_000L);
        assertThat(d.infillStub(50).getCallOptions().getDeadline().timeRemaining(TimeUnit.MILLISECONDS)).isBetween(0L, 50L);
        assertThat(d.clarifyStub(2_000).getCallOptions().getDeadline().timeRemaining(TimeUnit.MILLISECONDS)).isBetween(1_000L, 2_000L);
    }
}
