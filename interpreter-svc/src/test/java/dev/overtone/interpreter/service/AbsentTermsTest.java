package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.interpreter.service.QuestionTerms.Grounding;
import dev.overtone.interpreter.service.QuestionTerms.Term;
import dev.overtone.proto.v1.Schema;
import dev.overtone.runtime.testing.ConfigStub;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Unanswerable needs every content term absent by spelling and by meaning; one grounded or close term is enough against it. */
class AbsentTermsTest {
    private static final Schema RETREATS = SchemaMeaningTest.RETREATS;

    /** One for the class: it loads MiniLM on first use, and keeps nothing of a call. */
    private static final AbsentTerms absent = new AbsentTerms();

    static {
        absent.config = config(0.43);
    }

    private static InterpreterConfig config(double minSimilarity) {
        return ConfigStub.of(InterpreterConfig.class, Map.of("unanswerable",
                ConfigStub.of(InterpreterConfig.Unanswerable.class, Map.of("minSimilarity", minSimilarity))));
    }

    @Test
    void termsFarFromEveryNameAreAllAbsent() {
        List<Term> terms = List.of(new Term("ferry tickets", Grounding.NONE), new Term("harbour tax", Grounding.NONE));

        assertThat(absent.of(terms, RETREATS)).containsExactly("ferry tickets", "harbour tax");
    }

    @Test
    void oneTermCloseInMeaningIsEvidenceAgainst() {
        // "programs" spells no name, but means what programName means
        List<Term> terms = List.of(new Term("ferry tickets", Grounding.NONE), new Term("programs", Grounding.NONE));

        assertThat(absent.of(terms, RETREATS)).isEmpty();
    }

    @Test
    void oneTermGroundedBySpellingOrAsAMeasureIsEvidenceAgainst() {
        // words far from every name: only their grounding can keep the question answerable
        assertThat(absent.of(List.of(new Term("ferry tickets", Grounding.NONE), new Term("harbour tax", Grounding.SCHEMA)), RETREATS)).isEmpty();
        assertThat(absent.of(List.of(new Term("ferry tickets", Grounding.NONE), new Term("harbour tax", Grounding.VAGUE)), RETREATS)).isEmpty();
    }

    @Test
    void functionWordsNeverCountAsAbsent() {
        List<Term> terms = List.of(new Term("but just", Grounding.NONE), new Term("ferry tickets", Grounding.NONE));

        assertThat(absent.of(terms, RETREATS)).containsExactly("ferry tickets");
        assertThat(absent.of(List.of(new Term("but just", Grounding.NONE)), RETREATS)).isEmpty();
    }
}
