package dev.overtone.cli.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PromptMatcherTest {

    static PromptMatcher matcher;

    @BeforeAll
    static void load(@TempDir Path dir) throws Exception {
        matcher = new PromptMatcher(RecordedOutputs.read(ReplayFixtures.write(dir)));
    }

    @Test
    void aDefaultsPromptIsAnsweredWithTheQuestionsInterpretationsOnePerLine() {
        PromptMatcher.Match m = matcher.match(ReplayFixtures.defaultsPrompt(ReplayFixtures.HOTEL_QUESTION));
        assertThat(m).isInstanceOf(PromptMatcher.Defaults.class);
        assertThat(((PromptMatcher.Defaults) m).question().id()).isEqualTo("v-0");
        assertThat(((PromptMatcher.Defaults) m).answer()).isEqualTo(
                ReplayFixtures.STARS + "\n" + ReplayFixtures.REVIEWS + "\nList the rating of every hotel\nRitz");
    }

    @Test
    void theLongestQuestionInThePromptWins() {
        PromptMatcher.Match m = matcher.match(ReplayFixtures.defaultsPrompt("Return the rating of each hotel in Paris."));
        assertThat(((PromptMatcher.Defaults) m).question().id()).isEqualTo("v-1");
    }

    @Test
    void matchingIgnoresCaseQuotesPunctuationAndLineBreaks() {
        PromptMatcher.Match m = matcher.match(ReplayFixtures.defaultsPrompt("\"return the RATING\nof each hotel\""));
        assertThat(((PromptMatcher.Defaults) m).question().id()).isEqualTo("v-0");
    }

    @Test
    void aParsePromptIsAnsweredWithTheSqlOfItsInterpretationFromItsOwnQuestion() {
        PromptMatcher.Match m = matcher.match(ReplayFixtures.parsePrompt("Return the rating of each hotel in Paris.", "- **"
                + ReplayFixtures.STARS + "**"));
        assertThat(m).isInstanceOf(PromptMatcher.Parse.class);
        assertThat(((PromptMatcher.Parse) m).sql()).contains("SELECT name, stars FROM hotels WHERE city = 'Paris'");

        m = matcher.match(ReplayFixtures.parsePrompt(ReplayFixtures.HOTEL_QUESTION, ReplayFixtures.REVIEWS));
        assertThat(((PromptMatcher.Parse) m).sql()).hasValueSatisfying(sql -> assertThat(sql).contains("AVG(r.score)"));
    }

    @Test
    void aReAskQuotingTheFirstSqlGetsTheNextRecordedOne() {
        String reAsk = ReplayFixtures.parsePrompt(ReplayFixtures.HOTEL_QUESTION, ReplayFixtures.STARS)
                + "\n\nYour previous answer was:\nSELECT name, stars FROM hotels\nIt is not valid: x. Write the corrected SQL only.\nSQL:";
        assertThat(((PromptMatcher.Parse) matcher.match(reAsk)).sql()).contains("SELECT name, stars FROM hotels ORDER BY stars");
    }

    @Test
    void anInterpretationWithoutRecordedSqlIsAParseWithNoSql() {
        PromptMatcher.Match m = matcher.match(ReplayFixtures.parsePrompt(ReplayFixtures.HOTEL_QUESTION, "List the rating of every hotel"));
        assertThat(m).isInstanceOf(PromptMatcher.Parse.class);
        assertThat(((PromptMatcher.Parse) m).sql()).isEmpty();
    }

    @Test
    void anInterpretationWordedLikeItsQuestionIsAParseOnlyWhenTheTextComesTwice() {
        assertThat(matcher.match(ReplayFixtures.defaultsPrompt("How many rooms are there?"))).isInstanceOf(PromptMatcher.Defaults.class);
        PromptMatcher.Match m = matcher.match(ReplayFixtures.parsePrompt("How many rooms are there?", "How many rooms are there?"));
        assertThat(((PromptMatcher.Parse) m).sql()).contains("SELECT COUNT(*) FROM rooms");
    }

    @Test
    void anInterpretationInsideALineIsNotARequest() {
        // The defaults prompt's schema shows the sample value 'Ritz', which is also a (recorded, odd) interpretation.
        assertThat(ReplayFixtures.defaultsPrompt(ReplayFixtures.HOTEL_QUESTION)).contains("'Ritz'");
        assertThat(matcher.match(ReplayFixtures.defaultsPrompt(ReplayFixtures.HOTEL_QUESTION))).isInstanceOf(PromptMatcher.Defaults.class);
        // As the request line of a parse prompt it is one.
        PromptMatcher.Match m = matcher.match(ReplayFixtures.parsePrompt(ReplayFixtures.HOTEL_QUESTION, "Ritz"));
        assertThat(((PromptMatcher.Parse) m).sql()).contains("SELECT stars FROM hotels WHERE name = 'Ritz'");
    }

    @Test
    void anotherQuestionsInterpretationIsNotARequestForThisOne() {
        // "How many rooms are there?" is v-2's interpretation; the prompt is about v-0.
        PromptMatcher.Match m = matcher.match(ReplayFixtures.parsePrompt(ReplayFixtures.HOTEL_QUESTION, "How many rooms are there?"));
        assertThat(m).isInstanceOf(PromptMatcher.Defaults.class);
    }

    @Test
    void aPromptWithNoRecordedTextIsNoMatch() {
        assertThat(matcher.match(ReplayFixtures.defaultsPrompt("Which guests stayed longest?"))).isInstanceOf(PromptMatcher.NoMatch.class);
        // Part of a question is not the question: whole words only, the whole text.
        assertThat(matcher.match("rating of each hotel")).isInstanceOf(PromptMatcher.NoMatch.class);
    }
}
