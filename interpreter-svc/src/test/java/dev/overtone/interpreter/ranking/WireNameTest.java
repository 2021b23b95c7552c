package dev.overtone.interpreter.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Locale;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Evidence names on the wire are the same on every machine: the fitting tool reads them back by name. */
class WireNameTest {
    private final Locale before = Locale.getDefault();

    @AfterEach
    void restoreLocale() {
        Locale.setDefault(before);
    }

    @Test
    void aWireNameIsTheConstantInLowerCaseWhateverTheMachinesLanguage() {
        Locale.setDefault(Locale.forLanguageTag("tr-TR"));

        assertThat(Feature.LITERAL_GROUNDING.wireName()).isEqualTo("literal_grounding");
        assertThat(VerdictFeature.QUESTION_WORDS.wireName()).isEqualTo("question_words");
        assertThat(Arrays.stream(Feature.values()).map(Feature::wireName)).allMatch(n -> n.matches("[a-z_]+"));
        assertThat(Arrays.stream(VerdictFeature.values()).map(VerdictFeature::wireName)).allMatch(n -> n.matches("[a-z_]+"));
    }
}
