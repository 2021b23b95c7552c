package dev.overtone.bench.client;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DefaultsModeTest {

    @Test
    void theOptionsWordsInAnyCaseAndTheOlderSpelling() {
        assertThat(DefaultsMode.parse("caller")).isEqualTo(DefaultsMode.CALLER);
        assertThat(DefaultsMode.parse(" Caller-SQL ")).isEqualTo(DefaultsMode.CALLER);
        assertThat(DefaultsMode.parse("LLM")).isEqualTo(DefaultsMode.LLM);
        assertThat(DefaultsMode.LLM.label()).isEqualTo("llm");
    }

    @Test
    void anythingElseNamesTheOptionAndItsValues() {
        assertThatThrownBy(() -> DefaultsMode.parse("model")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--defaults must be caller or llm, got 'model'");
        assertThatThrownBy(() -> DefaultsMode.parse(null)).hasMessage("--defaults must be caller or llm, got 'null'");
    }
}
