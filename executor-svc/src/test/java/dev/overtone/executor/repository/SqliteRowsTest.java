package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.support.InMemorySqlite;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ResultColumn;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A real SQLite result read from its first stepped row into typed cells, plain or through the capped wrapper. */
class SqliteRowsTest {
    @RegisterExtension
    final InMemorySqlite db = new InMemorySqlite("CREATE TABLE hotels (name TEXT, stars INTEGER)",
            "INSERT INTO hotels VALUES ('Grand', 5), ('Lido', 4), ('Ritz', NULL)");

    private static ExecutionLimits limits(int maxRows, int maxCellBytes, int maxRowBytes) {
        return new ExecutionLimits(1000, System.nanoTime() + TimeUnit.MINUTES.toNanos(1), maxRows, 1_000_000, 10,
                maxCellBytes, maxRowBytes);
    }

    private QueryResult collect(String sql, ExecutionLimits limits) throws SQLException {
        try (Statement st = db.connection().createStatement(); ResultSet rows = st.executeQuery(sql)) {
            return SqliteRows.collect(rows, rows.next(), limits, System.nanoTime());
        }
    }

    private QueryResult collectCapped(String sql, List<String> names, List<String> types, ExecutionLimits limits) throws SQLException {
        CappedProjection capped = CappedProjection.sqlite(sql, names, types, limits::cellCut);
        try (Statement st = db.connection().createStatement(); ResultSet rows = st.executeQuery(capped.sql())) {
            return SqliteRows.collectCapped(rows, rows.next(), capped, limits, System.nanoTime());
        }
    }

    private static List<String> texts(QueryResult result) {
        return result.rows().stream().map(r -> r.getCellsList().stream().map(Cell::getText).toList().toString()).toList();
    }

    @Test
    void everyRowIsReadFromTheFirstOneWithTheLabelsAndDeclaredTypes() throws SQLException {
        QueryResult result = collect("SELECT name AS hotel, stars, NULL AS blank FROM hotels ORDER BY name", limits(10, 100, 1000));
        assertThat(result.columns()).extracting(ResultColumn::getName).containsExactly("hotel", "stars", "blank");
        assertThat(result.columns()).extracting(ResultColumn::getDeclaredType).startsWith("TEXT", "INTEGER");
        assertThat(texts(result)).containsExactly("[Grand, 5, ]", "[Lido, 4, ]", "[Ritz, , ]");
        assertThat(result.truncated()).isFalse();
    }

    @Test
    void aResultWithoutRowsHasItsColumnsAndNoRows() throws SQLException {
        QueryResult result = collect("SELECT name FROM hotels WHERE stars > 5", limits(10, 100, 1000));
        assertThat(result.columns()).extracting(ResultColumn::getName).containsExactly("name");
        assertThat(result.rows()).isEmpty();
    }

    @Test
    void theReadingStopsAtTheRowCap() throws SQLException {
        QueryResult result = collect("SELECT name FROM hotels ORDER BY name", limits(2, 100, 1000));
        assertThat(texts(result)).containsExactly("[Grand]", "[Lido]");
        assertThat(result.truncatedBy()).containsExactly(Truncation.MAX_ROWS);
    }

    @Test
    void aCappedCellIsCutAndTheCutNamesTheCapThatBinds() throws SQLException {
        QueryResult byCell = collectCapped("SELECT name FROM hotels ORDER BY name", List.of("name"), List.of("TEXT"), limits(10, 3, 1000));
        assertThat(texts(byCell)).containsExactly("[Gra]", "[Lid]", "[Rit]");
        assertThat(byCell.truncatedBy()).containsExactly(Truncation.MAX_CELL_BYTES);
        QueryResult byRow = collectCapped("SELECT name, name FROM hotels ORDER BY name", List.of("a", "b"), List.of("TEXT", "TEXT"),
                limits(10, 100, 4));
        assertThat(texts(byRow)).first().isEqualTo("[Gr, Gr]");
        assertThat(byRow.truncatedBy()).containsExactly(Truncation.MAX_ROW_BYTES);
    }
}
