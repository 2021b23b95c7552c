package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.Source;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReadingGroupTest {
    private static final ExecuteResponse RESULT = ExecuteResponse.newBuilder().setFingerprint("f1").build();

    @Test
    void theRepresentativeComesFirstThenItsParaphrasesInTheOrderReached() {
        Route first = route("  the stars of each hotel \n", "SELECT name, stars FROM hotels");
        ReadingGroup group = new ReadingGroup("f1", first, RESULT);
        Route second = route("each hotel's star rating", "SELECT stars, name FROM hotels");
        Route third = route(null, "SELECT name, stars FROM hotels ORDER BY 1");
        group.paraphrases().add(second);
        group.paraphrases().add(third);

        assertThat(group.routes()).containsExactly(first, second, third);
        assertThat(group.text()).as("the representative's words, stripped").isEqualTo("the stars of each hotel");
    }

    @Test
    void aReadingReachedBySqlAloneHasNoWordsUntilVerbalised() {
        ReadingGroup group = new ReadingGroup("f2", route("  ", "SELECT 1"), RESULT);

        assertThat(group.text()).isEmpty();
        group.text("one");
        assertThat(group.text()).isEqualTo("one");
    }

    @Test
    void theGroupsSqlsAreTheirRepresentativesInOrder() {
        ReadingGroup a = new ReadingGroup("a", route("a", "SELECT a FROM t"), RESULT);
        ReadingGroup b = new ReadingGroup("b", route("b", "SELECT b FROM t"), RESULT);
        b.paraphrases().add(route("b2", "SELECT b FROM t WHERE 1 = 1"));

        assertThat(ReadingGroup.sqls(List.of(b, a))).containsExactly("SELECT b FROM t", "SELECT a FROM t");
    }

    private static Route route(String text, String sql) {
        return new Route(text, sql, Source.SOURCE_DEFAULT, "default");
    }
}
