package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OptionPhraseTest {

    @Test
    void columnsAndAggregatesBecomeNounPhrases() {
        assertThat(OptionPhrase.of("hotels.stars")).hasValue("the hotel's stars");
        assertThat(OptionPhrase.of("AVG(reviews.score)")).hasValue("the average review score");
        assertThat(OptionPhrase.of("singer.Full_Name")).hasValue("the singer's full name");
        assertThat(OptionPhrase.of("SUM(order_lines.amount)")).hasValue("the total order line amount");
        assertThat(OptionPhrase.of("MAX(employees.employee_salary)")).hasValue("the highest employee salary");
        assertThat(OptionPhrase.of("categories.categoryName")).hasValue("the category name");
        assertThat(OptionPhrase.of("COUNT(*)")).hasValue("the number of rows");
    }

    @Test
    void otherShapesKeepTheirLabel() {
        assertThat(OptionPhrase.of("hotels.stars > 3")).isEmpty();
        assertThat(OptionPhrase.of("hotels.stars * 2")).isEmpty();
        assertThat(OptionPhrase.of("absent")).isEmpty();
    }
}
