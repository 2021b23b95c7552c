package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.interpreter.service.QuestionTerms.Grounding;
import dev.overtone.interpreter.service.QuestionTerms.Term;
import dev.overtone.proto.v1.Schema;
import java.lang.reflect.Proxy;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Unanswerable needs every content term absent by spelling and by meaning; one grounded or close term is enough against it. */
class AbsentTermsTest {
    private static final Schema RETREATS = SchemaMeaningTest.RETREATS;

    private final AbsentTerms absent = new AbsentTerms();

    AbsentTermsTest() {
        absent.config = config(0.43);
    }

    private static InterpreterConfig config(double minSimilarity) {
        InterpreterConfig.Unanswerable unanswerable = (InterpreterConfig.Unanswerable) Proxy.newProxyInstance(
                AbsentTermsTest.class.getClassLoader(), new Class<?>[] {InterpreterConfig.Unanswerable.class},
                (proxy, method, args) -> method.getName().equals("minSimilarity") ? minSimilarity : null);
        return (InterpreterConfig) Proxy.newProxyInstance(AbsentTermsTest.class.getClassLoader(),
                new Class<?>[] {InterpreterConfig.class},
                (proxy, method, args) -> method.getName().equals("unanswerable") ? unanswerable : null);
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
        assertThat(absent.of(List.of(new Term("ferry tickets", Grounding.NONE), new Term("price", Grounding.SCHEMA)), RETREATS)).isEmpty();
        assertThat(absent.of(List.of(new Term("ferry tickets", Grounding.NONE), new Term("expensive", Grounding.VAGUE)), RETREATS)).isEmpty();
    }

    @Test
    void functionWordsNeverCountAsAbsent() {
        List<Term> terms = List.of(new Term("but just", Grounding.NONE), new Term("ferry tickets", Grounding.NONE));

        assertThat(absent.of(terms, RETREATS)).containsExactly("ferry tickets");
        assertThat(absent.of(List.of(new Term("but just", Grounding.NONE)), RETREATS)).isEmpty();
    }
}
