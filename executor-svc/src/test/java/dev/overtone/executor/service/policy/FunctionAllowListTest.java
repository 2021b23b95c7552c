package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.EngineKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The functions an engine's statements may call: its resource list plus the configured extras, compared lower-cased. */
class FunctionAllowListTest {
    @Test
    void theEnginesListIsItsResourceWithoutCommentsOrBlankLines() {
        FunctionAllowList postgresql = FunctionAllowList.of(EngineKind.POSTGRESQL, List.of());
        assertThat(postgresql.allows("pg_typeof")).isTrue();
        assertThat(postgresql.size()).isEqualTo(FunctionAllowList.lines(FunctionAllowList.resource(EngineKind.POSTGRESQL)).size());
        assertThat(FunctionAllowList.lines(FunctionAllowList.resource(EngineKind.SQLITE))).allSatisfy(name ->
                assertThat(name).isNotBlank().doesNotContain("#").isEqualTo(name.strip()));
    }

    @Test
    void configuredExtrasAreAddedTrimmedAndLowerCasedAndBlanksIgnored() {
        FunctionAllowList base = FunctionAllowList.of(EngineKind.SQLITE, List.of());
        FunctionAllowList extended = FunctionAllowList.of(EngineKind.SQLITE, List.of(" My_Udf ", "", "  "));
        assertThat(extended.allows("my_udf")).isTrue();
        assertThat(base.allows("my_udf")).isFalse();
        assertThat(extended.size()).isEqualTo(base.size() + 1);
    }

    @Test
    void aNameIsAllowedOnlyAsTheLowerCasedNameTheChecksAsk() {
        assertThat(FunctionAllowList.of(EngineKind.POSTGRESQL, List.of()).allows("PG_TYPEOF")).isFalse();
    }

    @Test
    void aMissingResourceIsAnErrorNamingIt() {
        assertThatThrownBy(() -> FunctionAllowList.lines("sandbox/none.txt")).isInstanceOf(IllegalStateException.class)
                .hasMessage("resource sandbox/none.txt is missing from the executor");
    }
}
