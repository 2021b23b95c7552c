package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Outcome;
import dev.overtone.proto.v1.Paraphrase;
import dev.overtone.proto.v1.Stage;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** More distinct caller candidates than a call judges (three here): the first in the caller's order, the cut said. */
@QuarkusTest
@TestProfile(CandidateCutProfile.class)
class CandidateCutTest extends AgainstFakes {
    /**
     * {@code n} candidates as a model sampled many times writes them: stars, names, then the same SQLs again in
     * other case, spacing and with a semicolon (each first as written in Hotels), the stars paraphrase from the 10th on and the score SQL from the
     * 20th on. Distinct in order: stars, names, the paraphrase, score.
     */
    static InterpretRequest.Builder sampled(int n) {
        InterpretRequest.Builder b = InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels")
                .setQuestion("return the rating of each hotel");
        String[] base = {Hotels.STARS, Hotels.NAMES};
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int i = 0; i < n; i++) {
            String sql = i >= 20 && i % 3 == 0 ? Hotels.SCORE : i >= 10 && i % 5 == 0 ? Hotels.STARS_PARAPHRASE : base[i % 2];
            // each SQL's first writing is the recorded one (parser-svc's answers about it are recorded)
            String written = switch (seen.add(sql) ? 0 : i % 4) {
                case 1 -> sql.toLowerCase(Locale.ROOT);
                case 2 -> sql.replace(" ", "\n  ") + ";";
                case 3 -> sql.toUpperCase(Locale.ROOT);
                default -> sql;
            };
            b.addDefaults(CallerDefault.newBuilder().setSql(written).setText(text(sql)));
        }
        return b;
    }

    private static String text(String sql) {
        return sql.equals(Hotels.SCORE) ? "the average review score of each hotel"
                : sql.equals(Hotels.NAMES) ? "the name of each hotel" : "the star rating of each hotel";
    }

    @Test
    void theFirstDistinctCandidatesInTheCallersOrderAreJudgedAndTheCutIsSaid() {
        InterpretRequest request = sampled(150).setOptions(InterpretOptions.newBuilder().setInfill(false)).build();
        long scoreRoutes = request.getDefaultsList().stream().filter(d -> Hotels.key(d.getSql().replace(";", "")).equals(Hotels.key(Hotels.SCORE))).count();

        InterpretResponse answer = interpreter.withDeadlineAfter(10, TimeUnit.SECONDS).interpret(request);

        assertThat(answer.getInterpretationsList()).extracting(Interpretation::getFingerprint)
                .as("score is the fourth distinct SQL in the caller's order: cut").containsExactlyInAnyOrder(Hotels.fingerprint(Hotels.STARS), Hotels.fingerprint(Hotels.NAMES));
        Interpretation stars = answer.getInterpretationsList().stream().filter(i -> i.getFingerprint().equals(Hotels.fingerprint(Hotels.STARS))).findFirst().orElseThrow();
        assertThat(stars.getSql()).as("the caller's first writing is the representative").isEqualTo(Hotels.STARS);
        assertThat(stars.getParaphrasesList()).extracting(Paraphrase::getSql).as("the third distinct SQL was judged")
                .contains(Hotels.STARS_PARAPHRASE);
        assertThat(fakes.executor().batches().stream().flatMap(List::stream).map(Hotels::key).toList())
                .as("the cut SQL never ran").doesNotContain(Hotels.key(Hotels.SCORE)).hasSize(3);
        assertThat(answer.getDegradationsList()).singleElement().satisfies(d -> {
            assertThat(d.getStage()).isEqualTo(Stage.STAGE_DEFAULTS);
            assertThat(d.getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_CANDIDATES_CUT);
            assertThat(d.getAffectedCalls()).as("the defaults not run").isEqualTo((int) scoreRoutes);
            assertThat(d.getMessage()).contains("150 caller defaults, 4 distinct", "the first 3 distinct", "1 distinct (" + scoreRoutes + " defaults)",
                    "overtone.interpreter.pipeline.max-candidates");
        });
        assertThat(answer.getWarningsList()).anySatisfy(w -> assertThat(w).startsWith("candidates: 150 caller defaults"));
        assertThat(answer.getOutcome()).as("readings may be missing").isNotEqualTo(Outcome.OUTCOME_ANSWERABLE);
    }

    @Test
    void noCutWhenTheDistinctCandidatesFit() {
        InterpretResponse answer = interpreter.withDeadlineAfter(10, TimeUnit.SECONDS).interpret(sampled(19)
                .setOptions(InterpretOptions.newBuilder().setInfill(false)).build());

        assertThat(answer.getDegradationsList()).isEmpty();
        assertThat(answer.getWarningsList()).noneMatch(w -> w.startsWith("candidates:"));
    }
}
