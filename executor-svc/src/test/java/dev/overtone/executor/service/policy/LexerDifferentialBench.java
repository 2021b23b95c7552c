package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.core.Vertx;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * Not a test: {@link LexerDifferentialTest} with many more cases, run only when asked for:
 * {@code ./mvnw -B -o -pl executor-svc verify -Dtest=LexerDifferentialBench -Dsurefire.failIfNoSpecifiedTests=false
 * -Dfuzz.texts=100000 -Dfuzz.seed=7} (100 000 texts per engine take about 40 s). Prints the counts and up to 50
 * disagreements per engine; it asserts nothing.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class LexerDifferentialBench {
    @Inject
    Vertx vertx;

    @Test
    void fuzzBothEngines() throws Exception {
        long seed = Long.getLong("fuzz.seed", System.nanoTime());
        int texts = Integer.getInteger("fuzz.texts", 100_000);
        System.out.println("LexerDifferentialBench seed " + seed + ", texts per engine " + texts);
        try (DifferentialEngines.Sqlite sqlite = new DifferentialEngines.Sqlite()) {
            report(LexerDifferential.run(EngineKind.SQLITE, sqlite, seed, texts));
        }
        try (DifferentialEngines.Postgres postgres = new DifferentialEngines.Postgres(vertx)) {
            report(LexerDifferential.run(EngineKind.POSTGRESQL, postgres, seed, texts));
        }
    }

    private static void report(LexerDifferential.Counts counts) {
        System.out.println("LexerDifferentialBench " + counts);
        counts.disagreements().stream().limit(50).forEach(d -> System.out.println("  " + d));
    }
}
