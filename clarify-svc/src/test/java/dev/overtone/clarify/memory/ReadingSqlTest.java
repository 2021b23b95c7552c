package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReadingSqlTest {

    @Test
    void layoutAndFinalSemicolonsDoNotMakeAnotherReading() {
        String laidOut = "  SELECT name,\n\tstars\r\n  FROM   hotels ;; \n";

        assertThat(ReadingSql.of(laidOut)).isEqualTo("SELECT name, stars FROM hotels");
        assertThat(ReadingSql.of(laidOut)).isEqualTo(ReadingSql.of("SELECT name, stars FROM hotels"));
    }

    @Test
    void spacingInsideAStringLiteralCollapsesButItsCasingStays() {
        assertThat(ReadingSql.of("SELECT * FROM t WHERE city = 'New  York'")).isEqualTo("SELECT * FROM t WHERE city = 'New York'");
        assertThat(ReadingSql.of("SELECT * FROM t WHERE city = 'Paris'")).isNotEqualTo(ReadingSql.of("SELECT * FROM t WHERE city = 'paris'"));
    }

    @Test
    void noSqlIsTheEmptyText() {
        assertThat(ReadingSql.of(null)).isEmpty();
        assertThat(ReadingSql.of(" ; ")).isEmpty();
    }

    @Test
    void aQuestionMatchesWhateverItsCaseSpacingAndFinalMark() {
        assertThat(ReadingSql.question("  Return the RATING of\teach hotel?! ")).isEqualTo("return the rating of each hotel");
        assertThat(ReadingSql.question("What is 3.5?")).isEqualTo("what is 3.5");
        assertThat(ReadingSql.question(null)).isEmpty();
    }
}
