package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.pgclient.PgException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * When a kept statement may run without being described again: PostgreSQL's own check of the kept statement must
 * see every change of the columns, which a star expansion or a column rendered as text can hide from a wrapper.
 */
class ServerShapeCheckTest {
    private static CappedProjection wrapper(String sql, List<String> typeNames) {
        List<String> names = typeNames.stream().map(type -> "c_" + type).toList();
        return CappedProjection.postgres(sql, names, typeNames, variable -> 100);
    }

    @Test
    void aStatementKeptAsItIsIsAlwaysSeenWhateverItsText() {
        assertThat(ServerShapeCheck.sees(wrapper("SELECT * FROM hotels", List.of("int4", "date")),
                "SELECT * FROM hotels")).isTrue();
    }

    @Test
    void aWrapperOfTypedColumnsIsSeenUnlessAStarOrTableCanGrowIt() {
        String sql = "SELECT name, count(*) FROM hotels GROUP BY name";
        assertThat(ServerShapeCheck.sees(wrapper(sql, List.of("text", "int8")), sql)).isTrue();
        assertThat(ServerShapeCheck.sees(wrapper("SELECT * FROM hotels", List.of("text")), "SELECT * FROM hotels"))
                .isFalse();
        assertThat(ServerShapeCheck.sees(wrapper("SELECT h.* FROM hotels h", List.of("text")), "SELECT h.* FROM hotels h"))
                .isFalse();
        assertThat(ServerShapeCheck.sees(wrapper("TABLE hotels", List.of("text")), "TABLE hotels")).isFalse();
        assertThat(ServerShapeCheck.sees(wrapper(sql, List.of("text")), "SELECT name, count( * ) FROM hotels"))
                .as("count(*) expands to nothing").isTrue();
    }

    @Test
    void aWrapperWithAColumnRenderedAsTextIsNotSeen() {
        String sql = "SELECT tags FROM hotels";
        assertThat(ServerShapeCheck.sees(wrapper(sql, List.of("_text")), sql)).isFalse();
    }

    @Test
    void aKeptStatementChangedUnderItIsOneTheServerRefusedForItsResultTypeOrAnalysis() {
        assertThat(ServerShapeCheck.changedUnder(pg("0A000"))).as("cached plan must not change result type").isTrue();
        assertThat(ServerShapeCheck.changedUnder(pg("42P01"))).as("undefined table").isTrue();
        assertThat(ServerShapeCheck.changedUnder(pg("57014"))).as("cancelled").isFalse();
        assertThat(ServerShapeCheck.changedUnder(pg(null))).isFalse();
        assertThat(ServerShapeCheck.changedUnder(new IllegalStateException("42P01"))).isFalse();
    }

    private static PgException pg(String sqlState) {
        return new PgException("failed", "ERROR", sqlState, null);
    }
}
