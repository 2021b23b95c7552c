package dev.overtone.clarify.service;

import static dev.overtone.clarify.service.HotelRatingSlots.slot;
import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.overtone.runtime.embedding.CachedVectors;
import dev.overtone.runtime.embedding.MiniLm;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Realistic dialogues, with slots as parser-svc reports them (schema-spelled values, "shows …" labels)
 * and the real MiniLM model: the pivot term is the word the readings disagree on, never the table the
 * question is about, and the whole question reads as plain English.
 */
class PivotTermTest {

    private static WordSimilarity minilm;

    @BeforeAll
    static void loadModel() {
        EmbeddingModel model = MiniLm.load(); // as clarify-svc loads it
        minilm = (a, b) -> Math.max(0, CachedVectors.cosine(model.embed(a).content().vector(), model.embed(b).content().vector()));
    }

    private static DecisionVariable fork(String question, List<List<SlotValue>> readings, WordSimilarity similarity) {
        DecisionVariable v = DecisionVariableExtractor.extract(readings).get(0);
        return v.withPivotTerm(PivotTerm.of(question, v, similarity));
    }

    private static String ask(DecisionVariable v) {
        return QuestionWriter.write(v, new double[] {0.5, 0.5}, 1.0, 8).text();
    }

    /** The demo: stars of the hotel vs. the average score of its reviews. */
    private static List<List<SlotValue>> hotelRating() {
        return List.of(HotelRatingSlots.stars(), HotelRatingSlots.averageScore());
    }

    @Test
    void theDemoAsksAboutRatingNotHotel() {
        DecisionVariable v = fork("return the rating of each hotel", hotelRating(), minilm);
        assertThat(v.pivotTerm()).isEqualTo("rating");
        assertThat(ask(v)).isEqualTo("By 'rating', do you mean the hotel's stars (hotels.stars) or the average review score (reviews.score)?");
    }

    @Test
    void withoutTheModelTheTableWordIsStillNeverThePivot() {
        DecisionVariable v = fork("return the rating of each hotel", hotelRating(), WordSimilarity.NONE);
        assertThat(v.pivotTerm()).isEmpty();
        assertThat(ask(v)).isEqualTo("For what the answer shows, do you mean the hotel's stars (hotels.stars) or the average review score (reviews.score)?");
    }

    @Test
    void aSynonymColumnTheQuestionNamesOnlyForOneReading() {
        // AmbiQT-style column ambiguity: "revenue" is one option's column, the other sums sales
        List<SlotValue> stored = List.of(
                slot("select[0]", "stores.name", "shows name of stores", "stores.name"),
                slot("select[1]", "stores.revenue", "shows revenue of stores", "stores.revenue"),
                slot("from[0]", "stores", "reads stores", "stores"));
        List<SlotValue> summed = List.of(
                slot("select[0]", "stores.name", "shows name of stores", "stores.name"),
                slot("select[1]", "SUM(sales.amount)", "shows total amount of sales", "sales.amount"),
                slot("from[0]", "stores", "reads stores", "stores"),
                slot("join[1]/on", "sales.store_id = stores.id", "joined on store id of sales is id of stores", "sales.store_id", "stores.id"));
        DecisionVariable v = fork("what is the total revenue of each store", List.of(stored, summed), minilm);
        assertThat(v.pivotTerm()).isEqualTo("revenue");
        assertThat(ask(v)).isEqualTo("By 'revenue', do you mean the store's revenue (stores.revenue) or the total sale amount (sales.amount)?");
    }

    @Test
    void aWordBothColumnsShareIsThePivotByMeaning() {
        List<SlotValue> name = List.of(slot("select[0]", "singer.name", "shows name of singer", "singer.name"),
                slot("from[0]", "singer", "reads singer", "singer"));
        List<SlotValue> fullName = List.of(slot("select[0]", "singer.full_name", "shows full name of singer", "singer.full_name"),
                slot("from[0]", "singer", "reads singer", "singer"));
        DecisionVariable v = fork("list the name of every singer", List.of(name, fullName), minilm);
        assertThat(v.pivotTerm()).isEqualTo("name");
        assertThat(ask(v)).isEqualTo("By 'name', do you mean the singer's name (singer.name) or the singer's full name (singer.full_name)?");
    }

    @Test
    void aConditionNoQuestionWordGroundsNamesTheClause() {
        List<SlotValue> all = List.of(slot("select[0]", "COUNT(*)", "shows number of rows"), slot("from[0]", "flights", "reads flights", "flights"));
        List<SlotValue> late = List.of(slot("select[0]", "COUNT(*)", "shows number of rows"), slot("from[0]", "flights", "reads flights", "flights"),
                slot("where", "flights.delay > 15", "where delay of flights is greater than 15", "flights.delay"));
        DecisionVariable v = fork("how many flights are there", List.of(all, late), minilm);
        assertThat(v.pivotTerm()).isEmpty();
        assertThat(ask(v)).startsWith("For which rows to keep, do you mean no such condition or ");
    }
}
