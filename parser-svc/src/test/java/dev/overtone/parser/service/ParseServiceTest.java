package dev.overtone.parser.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.parser.analysis.Schemas;
import dev.overtone.runtime.llm.ModelFailure;
import dev.overtone.runtime.llm.ModelTimeout;
import dev.overtone.runtime.llm.RetryableModelFailure;
import org.junit.jupiter.api.Test;

/**
 * An interpretation written as SQL by a stand-in language model, checked by the real analysis: the SQL taken out of
 * the prose around it, an answer that names what the schema lacks asked again with its error, a passing failure of
 * the endpoint retried and a lasting one said with the endpoint's address.
 */
class ParseServiceTest {

    @Test
    void theSqlIsTakenFromTheAnswerAndTheFirstValidOneIsKept() {
        StandInWriter model = StandInWriter.answering(() -> "Here it is:\n```sql\nSELECT name FROM performer WHERE age > 30\n```");

        ParseService.ParseResult result = new ParseService(model, StandInWriter.config())
                .parse("performers older than thirty", Schemas.performers(), "who is over 30?");

        assertThat(result.sql()).isEqualTo("SELECT name FROM performer WHERE age > 30");
        assertThat(result.attempts()).isEqualTo(1);
        assertThat(result.repairedErrors()).isEmpty();
        assertThat(model.asked).singleElement().asString().contains("Question: who is over 30?",
                "Request: performers older than thirty", "performer");
    }

    @Test
    void anAnswerNamingWhatTheSchemaLacksIsAskedAgainWithItsErrorUntilTheRepairsAreSpent() {
        StandInWriter mended = StandInWriter.answering(() -> "SELECT xyzzy FROM performer", () -> "SELECT name FROM performer");
        ParseService.ParseResult result = new ParseService(mended, StandInWriter.config()).parse("the names", Schemas.performers(), "");

        assertThat(result.sql()).isEqualTo("SELECT name FROM performer");
        assertThat(result.attempts()).isEqualTo(2);
        assertThat(result.repairedErrors()).containsExactly("unknown table or column: xyzzy");
        assertThat(mended.asked.get(1)).contains("Your previous answer was:\nSELECT xyzzy FROM performer",
                "It is not valid: unknown table or column: xyzzy");

        StandInWriter stubborn = StandInWriter.always("SELECT xyzzy FROM performer");
        assertThatThrownBy(() -> new ParseService(stubborn, StandInWriter.config()).parse("the names", Schemas.performers(), ""))
                .isInstanceOf(ParseFailedException.class)
                .hasMessage("no valid SQL after 2 model answers; last error: unknown table or column: xyzzy");
    }

    @Test
    void aPassingFailureIsRetriedAndALastingOneOrATimeoutIsSaidWithTheEndpoint() {
        StandInWriter flaky = StandInWriter.answering(() -> {
            throw new RetryableModelFailure("503 from the endpoint");
        }, () -> "SELECT name FROM performer");
        assertThat(new ParseService(flaky, StandInWriter.config()).parse("the names", Schemas.performers(), "").sql())
                .isEqualTo("SELECT name FROM performer");

        StandInWriter refusing = StandInWriter.answering(() -> {
            throw new ModelFailure("400: bad request");
        });
        assertThatThrownBy(() -> new ParseService(refusing, StandInWriter.config()).parse("the names", Schemas.performers(), ""))
                .isInstanceOfSatisfying(LlmUnavailableException.class, e -> assertThat(e.timedOut()).isFalse())
                .hasMessage("the LLM endpoint http://llm.test/v1 failed: 400: bad request");

        StandInWriter slow = StandInWriter.answering(() -> {
            throw new ModelTimeout("no answer");
        }, () -> {
            throw new ModelTimeout("no answer");
        });
        assertThatThrownBy(() -> new ParseService(slow, StandInWriter.config()).parse("the names", Schemas.performers(), ""))
                .isInstanceOfSatisfying(LlmUnavailableException.class, e -> assertThat(e.timedOut()).isTrue())
                .hasMessage("the LLM endpoint http://llm.test/v1 did not answer within 7s");
    }

    @Test
    void withoutAModelOrAnInterpretationParseIsRefused() {
        assertThatThrownBy(() -> new ParseService(StandInWriter.none(), StandInWriter.config()).parse("x", Schemas.performers(), ""))
                .isInstanceOf(IllegalStateException.class).hasMessageStartingWith("Parse needs an LLM and none is configured");
        assertThatThrownBy(() -> new ParseService(StandInWriter.always("SELECT 1"), StandInWriter.config()).parse(" ", Schemas.performers(), ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("interpretation is empty");
    }
}
