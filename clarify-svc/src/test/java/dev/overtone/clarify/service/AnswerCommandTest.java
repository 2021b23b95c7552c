package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The digest an idempotency key is checked against: the same key with another reply is another request. */
class AnswerCommandTest {

    @Test
    void theDigestTellsTurnOptionAndWordsApartButNotTheKey() {
        AnswerCommand option = new AnswerCommand("s", 1, "o1", null, "k1");

        assertThat(option.digest()).isEqualTo(new AnswerCommand("s", 1, "o1", null, "k2").digest());
        assertThat(option.digest()).isNotEqualTo(new AnswerCommand("s", 2, "o1", null, "k1").digest());
        assertThat(option.digest()).isNotEqualTo(new AnswerCommand("s", 1, "o2", null, "k1").digest());
        assertThat(option.digest()).as("words that read as an option id are still words")
                .isNotEqualTo(new AnswerCommand("s", 1, null, "o1", "k1").digest());
    }
}
