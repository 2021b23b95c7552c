package dev.overtone.bench.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.overtone.bench.dataset.Example;
import dev.overtone.bench.sqlite.QueryRunner;

/** The demo question of the memory protocol, on the demo tenant's own hotels database built from samples/hotels.sql. */
class DemoQuestionsTest {

    @TempDir
    Path home;

    @Test
    void withoutTheDemoTenantsDatabaseThereIsNoDemoGroup() throws Exception {
        Files.createDirectories(home.resolve("tenants/demo"));

        assertThat(DemoQuestions.group(home)).isEmpty();
    }

    @Test
    void theRatingQuestionHasTwoReadingsThatReturnDifferentRowsOnTheDemoDatabase() throws Exception {
        Path file = DemoTenant.provision(home);

        MemoryCase.Group group = DemoQuestions.group(home).orElseThrow();

        assertThat(group.database()).isEqualTo("hotels");
        assertThat(group.path()).isEqualTo(file);
        Example rating = group.ambiguous().get(0);
        assertThat(group.ambiguous()).containsExactly(rating);
        assertThat(rating.ambiguous()).isTrue();
        assertThat(rating.goldQueries()).hasSize(2);
        assertThat(rating.defaultSql()).containsExactly(rating.goldQueries().get(0));
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            QueryRunner runner = new QueryRunner(c, 5);
            List<List<Object>> stars = runner.run(rating.goldQueries().get(0));
            List<List<Object>> score = runner.run(rating.goldQueries().get(1));
            assertThat(stars).isNotEmpty().hasSameSizeAs(score).isNotEqualTo(score);
        }
    }

    @Test
    void eachSiblingSaysOneReadingOfTheRatingQuestion() throws Exception {
        DemoTenant.provision(home);

        MemoryCase.Group group = DemoQuestions.group(home).orElseThrow();

        assertThat(group.unambiguous()).allSatisfy(sibling -> {
            assertThat(sibling.ambiguous()).isFalse();
            assertThat(sibling.goldQueries()).hasSize(1);
        });
        assertThat(group.unambiguous()).flatExtracting(Example::goldQueries)
                .containsExactlyElementsOf(group.ambiguous().get(0).goldQueries());
        assertThat(group.unambiguous()).extracting(Example::question)
                .allSatisfy(q -> assertThat(q).startsWith("return the").endsWith("of each hotel"))
                .anySatisfy(q -> assertThat(q).contains("star"))
                .anySatisfy(q -> assertThat(q).contains("review score"));
    }
}
