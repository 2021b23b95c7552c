package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.Source;
import dev.overtone.runtime.memory.HeldBytes;
import org.junit.jupiter.api.Test;

class PipelineCallTest {

    @Test
    void theCallersPreviewRowsWinOverTheDefaultZeroIncludedAndANegativeCountIsIgnored() {
        assertThat(call(InterpretOptions.newBuilder().setPreviewRows(3)).previewRows).isEqualTo(3);
        assertThat(call(InterpretOptions.newBuilder().setPreviewRows(0)).previewRows).isZero();
        assertThat(call(InterpretOptions.newBuilder().setPreviewRows(-1)).previewRows).isEqualTo(10);
        assertThat(call(InterpretOptions.newBuilder()).previewRows).isEqualTo(10);
    }

    @Test
    void aRouteReachingAKnownResultIsAParaphraseOfTheFirstReadingThatReachedIt() {
        PipelineCall call = call(InterpretOptions.newBuilder());
        Route stars = route("SELECT name, stars FROM hotels");
        Route starsAgain = route("SELECT stars, name FROM hotels");
        Route score = route("SELECT name, AVG(score) FROM reviews GROUP BY name");

        ReadingGroup first = call.group(executed(stars, "f-stars"));
        ReadingGroup second = call.group(executed(score, "f-score"));
        ReadingGroup none = call.group(executed(starsAgain, "f-stars"));

        assertThat(first.representative()).isEqualTo(stars);
        assertThat(second.representative()).isEqualTo(score);
        assertThat(none).isNull();
        assertThat(first.paraphrases()).containsExactly(starsAgain);
        assertThat(call.groups.keySet()).containsExactly("f-stars", "f-score");
    }

    private static PipelineCall call(InterpretOptions.Builder options) {
        return new PipelineCall(InterpretRequest.newBuilder().setOptions(options).build(), null, 10, HeldBytes.Hold.NONE);
    }

    private static Route route(String sql) {
        return new Route(null, sql, Source.SOURCE_CALLER, "caller");
    }

    private static Executed executed(Route route, String fingerprint) {
        return new Executed(route, ExecuteResponse.newBuilder().setFingerprint(fingerprint).build(), null);
    }
}
