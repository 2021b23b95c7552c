package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OptionPhraseTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            hotels.stars                   | the hotel's stars
            AVG(reviews.score)             | the average review score
            singer.Full_Name               | the singer's full name
            SUM(order_lines.amount)        | the total order line amount
            MAX(employees.employee_salary) | the highest employee salary
            categories.categoryName        | the category name
            COUNT(*)                       | the number of rows
            """)
    void columnsAndAggregatesBecomeNounPhrases(String label, String phrase) {
        assertThat(OptionPhrase.of(label)).hasValue(phrase);
    }

    @Test
    void otherShapesKeepTheirLabel() {
        assertThat(OptionPhrase.of("hotels.stars > 3")).isEmpty();
        assertThat(OptionPhrase.of("hotels.stars * 2")).isEmpty();
        assertThat(OptionPhrase.of("absent")).isEmpty();
    }
}
