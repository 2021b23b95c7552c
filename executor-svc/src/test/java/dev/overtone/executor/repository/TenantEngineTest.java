package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.proto.v1.Table;
import io.smallrye.mutiny.Uni;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The short form of execute is a query (its cells cut by the engine), never a plan run as it is. */
class TenantEngineTest {

    /** An engine that records whether each statement came as a plan. */
    private static final class RecordingEngine implements TenantEngine {
        final List<Boolean> plans = new ArrayList<>();

        @Override
        public Uni<QueryResult> execute(TenantDatabase database, String sql, boolean plan, ExecutionLimits limits) {
            plans.add(plan);
            return Uni.createFrom().item(new QueryResult(List.of(), List.of(), Set.of(), 0));
        }

        @Override
        public Uni<List<Table>> describe(TenantDatabase database, int samples, int sampleScanRows, Duration timeout) {
            return Uni.createFrom().item(List.of());
        }

        @Override
        public Uni<Void> ping(TenantDatabase database, Duration timeout) {
            return Uni.createFrom().voidItem();
        }
    }

    @Test
    void theShortFormRunsAQueryNotAPlan() {
        RecordingEngine engine = new RecordingEngine();
        TenantDatabase database = TenantDatabase.sqlite("acme", "shop", Path.of("shop.sqlite"));

        engine.execute(database, "SELECT 1", ExecutionLimits.introspection(1_000, 0)).await().atMost(Duration.ofSeconds(1));

        assertThat(engine.plans).containsExactly(false);
    }
}
