package dev.overtone.executor.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** An engine named in configuration, read as its dialect whatever the case and blanks. */
class EngineKindTest {
    @Test
    void theDialectNamesTheEngineWhateverTheCaseAndBlanks() {
        assertThat(EngineKind.parse("sqlite")).isEqualTo(EngineKind.SQLITE);
        assertThat(EngineKind.parse(" PostgreSQL\n")).isEqualTo(EngineKind.POSTGRESQL);
        assertThat(EngineKind.POSTGRESQL.dialect()).isEqualTo("postgresql");
    }

    @Test
    void anyOtherNameIsRefusedNamingTheTwoThereAre() {
        assertThatThrownBy(() -> EngineKind.parse("postgres")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("engine must be sqlite or postgresql, not 'postgres'");
    }
}
