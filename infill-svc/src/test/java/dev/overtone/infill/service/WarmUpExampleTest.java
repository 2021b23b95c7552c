package dev.overtone.infill.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.overtone.infill.grpc.FakeParser;
import dev.overtone.infill.grpc.FakeVllm;
import dev.overtone.infill.grpc.ModelProfile;
import dev.overtone.runtime.testing.ScrapedMetrics;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The warm-up's example, with the model configured (the fake vLLM): one Infill through this service's own gRPC server
 * that reaches parser-svc and never the model (a GPU's time at every start for nothing); a degraded answer, parser-svc
 * down, is still a warm-up done.
 */
@QuarkusTest
@TestProfile(ModelProfile.class)
class WarmUpExampleTest {

    @Inject
    WarmUpExample example;

    @BeforeEach
    void nothingSentYet() {
        FakeVllm.server().resetAll();
        FakeParser.VARIANTS_BATCHES.clear();
    }

    @AfterEach
    void parserUpAndEveryCallAnsweredFromARecording() {
        FakeParser.down = false;
        FakeParser.assertEveryCallRecorded();
    }

    @Test
    void theExampleGoesThroughTheOwnServerToParserSvcWithoutAskingTheModel() {
        double served = ScrapedMetrics.servedOk("Infill");

        example.run();

        assertThat(ScrapedMetrics.servedOk("Infill")).as("Infill calls served by the gRPC server").isEqualTo(served + 1);
        assertThat(FakeParser.VARIANTS_BATCHES).singleElement()
                .satisfies(sent -> assertThat(sent.getSqlsList()).containsExactly(WarmUpExample.SQL));
        assertThat(FakeVllm.server().getAllServeEvents()).as("calls to the model").isEmpty();
    }

    @Test
    void parserSvcDownLeavesADegradedAnswerThatStillEndsTheWarmUp() {
        FakeParser.down = true;
        double served = ScrapedMetrics.servedOk("Infill");

        assertThatCode(example::run).doesNotThrowAnyException();

        assertThat(ScrapedMetrics.servedOk("Infill")).as("the example sent all the same").isEqualTo(served + 1);
    }
}
