package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.core.Vertx;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * The lexer reads as the engines do: a few thousand generated texts (fixed seed), each run by the
 * engine as written and as the lexer rebuilt it ({@link LexerDifferential}). More cases:
 * {@link LexerDifferentialBench}.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class LexerDifferentialTest {
    private static final long SEED = 20261126L;
    private static final int TEXTS = 2500;

    @Inject
    Vertx vertx;

    @Test
    void theLexerReadsAsSqliteDoes() throws Exception {
        try (DifferentialEngines.Sqlite sqlite = new DifferentialEngines.Sqlite()) {
            check(LexerDifferential.run(EngineKind.SQLITE, sqlite, SEED, TEXTS));
        }
    }

    @Test
    void theLexerReadsAsPostgresqlDoes() {
        try (DifferentialEngines.Postgres postgres = new DifferentialEngines.Postgres(vertx)) {
            check(LexerDifferential.run(EngineKind.POSTGRESQL, postgres, SEED, TEXTS));
        }
    }

    private static void check(LexerDifferential.Counts counts) {
        System.out.println("LexerDifferentialTest " + counts);
        counts.disagreements().stream().limit(20).forEach(d -> System.out.println("  " + d));
        assertThat(counts.disagreements()).isEmpty();
        // the generator must keep reaching the engines, or the test proves nothing
        assertThat(counts.agreeing()).as("texts compared").isGreaterThan(TEXTS / 4);
    }
}
