package dev.overtone.interpreter.service;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** Which words of a term can name something in data. */
class ContentWordsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            # function words and the vocabulary of asking are no content
            but just         | ''
            listed           | ''
            table            | ''
            shown separately | ''
            # words that name things stay
            programs         | programs
            churn risk       | churn risk
            just programs    | programs
            """)
    void aTermKeepsOnlyTheWordsThatCanNameThings(String term, String content) {
        assertThat(ContentWords.of(term)).containsExactlyElementsOf(Arrays.stream(content.split(" ")).filter(w -> !w.isEmpty()).toList());
    }
}
