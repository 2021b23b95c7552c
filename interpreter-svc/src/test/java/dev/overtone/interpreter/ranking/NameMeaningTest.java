package dev.overtone.interpreter.ranking;

import dev.overtone.interpreter.service.QuestionTerms;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import dev.overtone.runtime.embedding.MiniLm;
import org.junit.jupiter.api.Test;

import java.util.function.ToDoubleFunction;

import static org.assertj.core.api.Assertions.assertThat;

/** How well a schema name fits a question in meaning, with the real quantized MiniLM. */
class NameMeaningTest {
    private static final Schema DRUGS = Schema.newBuilder().addTables(Table.newBuilder().setName("Drugs")
            .addColumns(Column.newBuilder().setName("Name"))
            .addColumns(Column.newBuilder().setName("Side_Effects"))
            .addColumns(Column.newBuilder().setName("Effectiveness"))
            .addColumns(Column.newBuilder().setName("ManufacturerName"))).build();
    private static final NameMeaning MEANING = new NameMeaning(MiniLm::load, 100);

    private static ToDoubleFunction<String> fit(String question) {
        return MEANING.fit(question, QuestionTerms.of(question, DRUGS), DRUGS);
    }

    @Test
    void theQuestionsPhrasesAreItsContentWordsAloneAndTwoByTwo() {
        String question = "list all the drugs and their side effects";
        assertThat(NameMeaning.phrases(question, QuestionTerms.of(question, DRUGS)))
                .contains("drugs", "side", "effects", "side effects")
                .doesNotContain("list", "all", "the", "their", "drugs side");
    }

    @Test
    void aNameTheQuestionSpellsFitsClearlyBetterThanItsNeighbour() {
        ToDoubleFunction<String> named = fit("list all the drugs and their side effects");

        assertThat(named.applyAsDouble("side_effects")).isGreaterThan(0.95);
        assertThat(named.applyAsDouble("side_effects") - named.applyAsDouble("effectiveness")).isGreaterThan(0.3);
    }

    @Test
    void aVagueWordFitsSeveralNamesByMeaningAlone() {
        ToDoubleFunction<String> vague = fit("list all the drugs and their effects");
        ToDoubleFunction<String> named = fit("list all the drugs and their side effects");

        // "effects" spells neither column, yet both come close; the margin between them is narrower than when named
        assertThat(vague.applyAsDouble("side_effects")).isGreaterThan(0.5);
        assertThat(vague.applyAsDouble("effectiveness")).isGreaterThan(0.4);
        assertThat(vague.applyAsDouble("side_effects") - vague.applyAsDouble("effectiveness"))
                .isLessThan(named.applyAsDouble("side_effects") - named.applyAsDouble("effectiveness"));
    }

    @Test
    void aNameTheSchemaLacksOrAQuestionWithoutContentWordsFitsNothing() {
        assertThat(fit("list all the drugs and their effects").applyAsDouble("no_such_column")).isZero();
        assertThat(fit("show me all of them").applyAsDouble("side_effects")).isZero();
    }
}
