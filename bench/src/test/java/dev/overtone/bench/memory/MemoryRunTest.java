package dev.overtone.bench.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.overtone.bench.dataset.Example;
import dev.overtone.bench.dataset.ExampleLines;
import dev.overtone.bench.dataset.PreparedDataset;

/** Which databases a memory run measures: those holding an ambiguous question, in the data set's order, with all their questions. */
class MemoryRunTest {
    private static final String SHOPS = "CREATE TABLE s(name TEXT, city TEXT);\nINSERT INTO s(name, city) VALUES ('x', 'Lyon');\n";
    private static final String FLIGHTS = "CREATE TABLE f(code TEXT);\nINSERT INTO f(code) VALUES ('LH1');\n";
    private static final String CITIES = "SELECT city FROM s";

    @TempDir
    Path tmp;

    private PreparedDataset dataset() throws Exception {
        Path data = ExampleLines.write(tmp.resolve("set.jsonl"),
                ExampleLines.line("flights-1", FLIGHTS, List.of("SELECT code FROM f"), List.of(), false),
                ExampleLines.line("hotels-plain", ExampleLines.HOTELS, List.of(ExampleLines.STARS), List.of(ExampleLines.STARS), false),
                ExampleLines.rating("hotels-rating"),
                ExampleLines.line("shops-1", SHOPS, List.of(CITIES, "SELECT name FROM s"), List.of(CITIES), true),
                ExampleLines.rating("hotels-rating-2"));
        return PreparedDataset.prepare(data, e -> true, null, tmp.resolve("home"));
    }

    @Test
    void eachDatabaseWithAnAmbiguousQuestionIsAGroupOfAllItsQuestionsInTheDataSetsOrder() throws Exception {
        PreparedDataset prepared = dataset();

        List<MemoryCase.Group> groups = MemoryRun.groups(prepared, null);

        assertThat(groups).hasSize(2);
        MemoryCase.Group hotels = groups.get(0);
        assertThat(hotels.ambiguous()).extracting(Example::id).containsExactly("hotels-rating", "hotels-rating-2");
        assertThat(hotels.unambiguous()).extracting(Example::id).containsExactly("hotels-plain");
        assertThat(hotels.database()).isEqualTo(prepared.catalog().databaseOf(hotels.ambiguous().get(0)).name());
        assertThat(hotels.path()).isEqualTo(prepared.catalog().databaseOf(hotels.ambiguous().get(0)).path());
        assertThat(groups.get(1).ambiguous()).extracting(Example::id).containsExactly("shops-1");
        assertThat(groups.get(1).unambiguous()).isEmpty();
    }

    @Test
    void theLimitCountsTheDatabasesMeasured() throws Exception {
        assertThat(MemoryRun.groups(dataset(), 1)).singleElement()
                .satisfies(g -> assertThat(g.ambiguous()).extracting(Example::id).startsWith("hotels-rating"));
        assertThat(MemoryRun.groups(dataset(), 0)).isEmpty();
    }
}
