package dev.overtone.bench.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExampleTest {

    @Test
    void aDefaultsSqlsWinOverItsSingleSqlAndNeitherIsNothing() {
        assertThat(new Example.Default("i", "SELECT 1", List.of("SELECT 2", "SELECT 3")).allSql()).containsExactly("SELECT 2", "SELECT 3");
        assertThat(new Example.Default("i", "SELECT 1", List.of()).allSql()).containsExactly("SELECT 1");
        assertThat(new Example.Default("i", "SELECT 1", null).allSql()).containsExactly("SELECT 1");
        assertThat(new Example.Default("i", "", null).allSql()).isEmpty();
        assertThat(new Example.Default("i", null, null).allSql()).isEmpty();
    }

    @Test
    void theBaselineIsEveryDefaultsSqlInOrder() {
        Example ex = example(List.of(new Example.Default("a", "SELECT a", null), new Example.Default("none", null, null),
                new Example.Default("b", null, List.of("SELECT b1", "SELECT b2"))), "scope");

        assertThat(ex.defaultSql()).containsExactly("SELECT a", "SELECT b1", "SELECT b2");
    }

    @Test
    void anExampleWithoutATypeIsUntyped() {
        assertThat(example(List.of(), "attachment").type()).isEqualTo("attachment");
        assertThat(example(List.of(), " ").type()).isEqualTo("untyped");
        assertThat(example(List.of(), null).type()).isEqualTo("untyped");
    }

    private static Example example(List<Example.Default> defaults, String type) {
        return new Example("1", "q", List.of(), null, null, defaults, type, true);
    }
}
