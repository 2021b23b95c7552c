package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.interpreter.client.Downstreams;
import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.interpreter.grpc.AgainstFakes;
import dev.overtone.proto.v1.Schema;
import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.runtime.testing.ConfigStub;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * The schemas an Interpret reads, from executor-svc's Describe (the recorded fake) over real gRPC: one Describe per
 * tenant database (a database is its tenant's: the same name elsewhere is another) until the cache's ttl has passed,
 * and a failure passed on, never kept.
 */
@QuarkusTest
class SchemaCatalogTest extends AgainstFakes {
    private static final Duration SHORT_TTL = Duration.ofMillis(300);

    @Inject
    Downstreams downstreams;

    /** A catalog of its own (an empty cache) with the given ttl, calling executor-svc as the service does. */
    private SchemaCatalog catalog(Duration ttl) {
        SchemaCatalog catalog = new SchemaCatalog();
        catalog.downstreams = downstreams;
        catalog.config = ConfigStub.of(InterpreterConfig.class, Map.of(
                "schema", ConfigStub.of(InterpreterConfig.Schema.class, Map.of("cacheTtl", ttl)),
                "budget", ConfigStub.of(InterpreterConfig.Budget.class, Map.of("describe", Duration.ofSeconds(5)))));
        return catalog;
    }

    private static Budget budget() {
        return Budget.of(null, Duration.ofSeconds(10), Duration.ZERO);
    }

    @Test
    void aTenantDatabaseIsDescribedOnceWhileItsSchemaIsFresh() {
        SchemaCatalog catalog = catalog(Duration.ofMinutes(1));

        Schema first = catalog.schema("demo", "hotels", budget());
        Schema again = catalog.schema("demo", "hotels", budget());

        assertThat(first.getTablesList()).extracting("name").contains("hotels", "reviews");
        assertThat(again).isSameAs(first);
        assertThat(fakes.executor().describeCalls()).isEqualTo(1);
    }

    @Test
    void aSchemaOlderThanTheTtlIsDescribedAgain() {
        SchemaCatalog catalog = catalog(SHORT_TTL);
        catalog.schema("demo", "hotels", budget());

        Awaitility.await("a Describe once the ttl has passed").atMost(Duration.ofSeconds(10)).until(() -> {
            catalog.schema("demo", "hotels", budget());
            return fakes.executor().describeCalls() == 2;
        });
    }

    @Test
    void anotherTenantsDatabaseOfTheSameNameIsDescribedForItselfAndAFailureIsPassedOnNotKept() {
        SchemaCatalog catalog = catalog(Duration.ofMinutes(1));
        catalog.schema("demo", "hotels", budget());

        for (int call = 2; call <= 3; call++) {
            assertThatThrownBy(() -> catalog.schema("nosuch", "hotels", budget()))
                    .isInstanceOfSatisfying(DownstreamFailure.class, e -> assertThat(e.code()).isEqualTo(Status.Code.NOT_FOUND))
                    .hasMessageContaining("unknown tenant 'nosuch'");
            assertThat(fakes.executor().describeCalls()).as("Describes after call %d", call).isEqualTo(call);
        }
    }
}
