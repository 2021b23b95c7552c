package dev.overtone.executor.grpc;

import static dev.overtone.executor.support.Calls.assertStatus;
import static dev.overtone.executor.support.Calls.execute;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.executor.support.OnEachEngine;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.DescribeRequest;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.proto.v1.Limits;
import dev.overtone.proto.v1.ValueType;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Execute over gRPC on both engines: typed cells, fingerprints, ordering, empty results, limits, clear refusals. */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class ExecutorGrpcServiceTest {

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    @OnEachEngine
    void executeReturnsTypedCells(String database) {
        ExecuteResponse response = executor.execute(execute("demo", database,
                "SELECT id, name, stars, opened, NULL AS missing, 1.5 AS r FROM hotels WHERE id = 1"));

        assertThat(response.getColumnsList()).extracting(c -> c.getName())
                .containsExactly("id", "name", "stars", "opened", "missing", "r");
        List<Cell> cells = response.getRows(0).getCellsList();
        assertThat(cells.get(0)).isEqualTo(cell(ValueType.VALUE_TYPE_INTEGER, "1"));
        assertThat(cells.get(1)).isEqualTo(cell(ValueType.VALUE_TYPE_TEXT, "Grand Plaza"));
        assertThat(cells.get(2)).isEqualTo(cell(ValueType.VALUE_TYPE_INTEGER, "5"));
        assertThat(cells.get(3).getText()).isEqualTo("1998-04-01");
        assertThat(cells.get(4)).isEqualTo(cell(ValueType.VALUE_TYPE_NULL, ""));
        assertThat(cells.get(5)).isEqualTo(cell(ValueType.VALUE_TYPE_REAL, "1.5"));
        assertThat(response.getTruncated()).isFalse();
        assertThat(response.getEmpty()).isFalse();
        assertThat(response.getElapsedMicros()).isPositive();
    }

    @Test
    void theSameReadingHasTheSameFingerprintOnBothEngines() {
        String byStars = "SELECT name, stars FROM hotels";
        String byScore = "SELECT h.name, avg(r.score) FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.name";
        String byScoreReordered = "SELECT avg(r.score), h.name FROM reviews r JOIN hotels h ON r.hotel_id = h.id "
                + "GROUP BY h.name";
        ExecuteResponse liteStars = executor.execute(execute("demo", "hotels", byStars));
        ExecuteResponse pgStars = executor.execute(execute("demo", "hotels-pg", byStars));
        ExecuteResponse liteScore = executor.execute(execute("demo", "hotels", byScore));
        ExecuteResponse pgScore = executor.execute(execute("demo", "hotels-pg", byScoreReordered));

        assertThat(pgStars.getFingerprint()).isEqualTo(liteStars.getFingerprint());
        assertThat(pgScore.getFingerprint()).isEqualTo(liteScore.getFingerprint());
        assertThat(liteScore.getFingerprint()).isNotEqualTo(liteStars.getFingerprint());
    }

    @Test
    void orderedIsSetByATopLevelOrderByOnly() {
        ExecuteResponse ordered = executor.execute(execute("demo", "hotels", "SELECT name FROM hotels ORDER BY name"));
        ExecuteResponse reversed = executor.execute(execute("demo", "hotels",
                "SELECT name FROM hotels ORDER BY name DESC"));
        ExecuteResponse unordered = executor.execute(execute("demo", "hotels", "SELECT name FROM hotels"));
        ExecuteResponse window = executor.execute(execute("demo", "hotels",
                "SELECT name, rank() OVER (ORDER BY stars) FROM hotels"));
        ExecuteResponse nested = executor.execute(execute("demo", "hotels",
                "SELECT name FROM (SELECT name FROM hotels ORDER BY name) s"));

        assertThat(ordered.getOrdered()).isTrue();
        assertThat(ordered.getFingerprint()).isNotEqualTo(reversed.getFingerprint());
        assertThat(ordered.getCellMultisetFingerprint()).isEqualTo(unordered.getFingerprint())
                .isEqualTo(reversed.getCellMultisetFingerprint());
        assertThat(unordered.getOrdered()).isFalse();
        assertThat(window.getOrdered()).isFalse();
        assertThat(nested.getOrdered()).isFalse();
    }

    @OnEachEngine
    void emptyResultsAreMarked(String database) {
        ExecuteResponse response = executor.execute(execute("demo", database, "SELECT name FROM hotels WHERE stars > 9"));
        assertThat(response.getEmpty()).isTrue();
        assertThat(response.getFingerprint()).isEqualTo("empty");
        assertThat(response.getColumnsList()).hasSize(1);
    }

    @OnEachEngine
    void rowAndByteLimitsTruncate(String database) {
        ExecuteResponse three = executor.execute(execute("demo", database, "SELECT id FROM hotels",
                Limits.newBuilder().setMaxRows(3).build()));
        ExecuteResponse all = executor.execute(execute("demo", database, "SELECT id FROM hotels",
                Limits.newBuilder().setMaxRows(8).build()));
        ExecuteResponse bytes = executor.execute(execute("demo", database, "SELECT name FROM hotels",
                Limits.newBuilder().setMaxBytes(30).build()));

        assertThat(three.getRowsCount()).isEqualTo(3);
        assertThat(three.getTruncated()).isTrue();
        assertThat(all.getRowsCount()).isEqualTo(8);
        assertThat(all.getTruncated()).isFalse();
        assertThat(bytes.getTruncated()).isTrue();
        assertThat(bytes.getRowsList().stream().mapToInt(r -> r.getCells(0).getText().length()).sum())
                .isLessThanOrEqualTo(30);
    }

    @OnEachEngine
    void tooManyColumnsIsInvalid(String database) {
        assertStatus(() -> executor.execute(execute("demo", database, "SELECT id, name, city FROM hotels",
                Limits.newBuilder().setMaxColumns(2).build())), Status.Code.INVALID_ARGUMENT, "3 columns");
    }

    @Test
    void aMessageThatNamesMoreThanATrailerTakesReachesTheCallerCutWithItsCode() {
        String name = "x".repeat(10_000);
        String cut = "[message cut]";
        assertStatus(() -> executor.execute(execute(name, "hotels", "SELECT 1")), Status.Code.NOT_FOUND, "unknown tenant 'xxx");
        assertStatus(() -> executor.describe(DescribeRequest.newBuilder().setTenant("demo").setDatabase(name).build()),
                Status.Code.NOT_FOUND, cut);
        assertStatus(() -> executor.execute(execute("demo", "hotels", "SELECT " + name + " FROM hotels")),
                Status.Code.INVALID_ARGUMENT, cut);
    }

    @Test
    void badLimitsAndUnknownNamesAreClear() {
        assertStatus(() -> executor.execute(execute("demo", "hotels", "SELECT 1",
                Limits.newBuilder().setMaxRows(0).build())), Status.Code.INVALID_ARGUMENT, "max_rows");
        assertStatus(() -> executor.execute(execute("nobody", "hotels", "SELECT 1")), Status.Code.NOT_FOUND,
                "unknown tenant 'nobody'");
        assertStatus(() -> executor.execute(execute("demo", "nothing", "SELECT 1")), Status.Code.NOT_FOUND,
                "no database 'nothing'");
        assertStatus(() -> executor.describe(DescribeRequest.newBuilder().setTenant("other").setDatabase("hotels")
                .build()), Status.Code.NOT_FOUND, "no database 'hotels'");
        assertStatus(() -> executor.execute(execute("Demo;--", "hotels", "SELECT 1")), Status.Code.INVALID_ARGUMENT,
                "tenant must match");
        assertStatus(() -> executor.execute(execute("demo", "hotels", "SELECT nope FROM hotels")),
                Status.Code.INVALID_ARGUMENT, "no such column");
        assertStatus(() -> executor.execute(execute("demo", "hotels-pg", "SELECT nope FROM hotels")),
                Status.Code.INVALID_ARGUMENT, "nope");
    }

    @Test
    void anUnreachablePostgresDatabaseIsUnavailableNotFatal() {
        assertStatus(() -> executor.execute(execute("lab", "down-pg", "SELECT 1")), Status.Code.UNAVAILABLE,
                "lab/down-pg");
        assertThat(executor.execute(execute("lab", "hotels-copy", "SELECT count(*) FROM hotels")).getRows(0)
                .getCells(0).getText()).isEqualTo("8");
    }

    private static Cell cell(ValueType type, String text) {
        return Cell.newBuilder().setType(type).setText(text).build();
    }

}
