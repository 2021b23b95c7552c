package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.support.InMemorySqlite;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ValueType;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The engine cuts every wide cell before it is read: on a real SQLite, narrow cells come back whole and typed, wide
 * ones cut to the cut and the result flagged, rows in the statement's order; on PostgreSQL, which columns are fixed,
 * decoded or rendered decides the wrapper's shape.
 */
class CappedProjectionTest {
    private static final int CUT = 8;
    @RegisterExtension
    final InMemorySqlite sqlite = new InMemorySqlite("CREATE TABLE notes (id INTEGER, body TEXT, payload BLOB)",
            "INSERT INTO notes VALUES (2, 'short', x'0102'), (1, 'a body far wider than the cut', x'0102030405')");

    private record Read(List<List<Cell>> rows, QueryResult result) {
    }

    private Read runOnSqlite(String sql, List<String> names) throws SQLException {
        CappedProjection capped = CappedProjection.sqlite(sql, names, names.stream().map(n -> "").toList(), columns -> CUT);
        ResultCollector collector = new ResultCollector(new ExecutionLimits(5_000, System.nanoTime() + 5_000_000_000L, 100,
                1_000_000, 100, 65_536, 1_048_576));
        List<List<Cell>> rows = new ArrayList<>();
        try (Statement statement = sqlite.connection().createStatement(); ResultSet set = statement.executeQuery(capped.sql())) {
            assertThat(set.getMetaData().getColumnCount()).isEqualTo(2 * names.size());
            while (set.next()) {
                rows.add(capped.cells(i -> read(set, i + 1), collector, Truncation.MAX_CELL_BYTES, true));
            }
        }
        return new Read(rows, collector.finish(0));
    }

    private static Object read(ResultSet set, int column) {
        try {
            return set.getObject(column);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aNarrowCellComesBackWholeAndAWideOneCutInTheStatementsOrder() throws SQLException {
        Read read = runOnSqlite("SELECT id, body FROM notes ORDER BY id DESC", List.of("id", "body"));

        assertThat(read.rows()).extracting(row -> row.get(0).getText()).containsExactly("2", "1");
        assertThat(read.rows().get(0).get(1).getText()).isEqualTo("short");
        assertThat(read.rows().get(1).get(1).getText()).isEqualTo("a body f");
        assertThat(read.rows().get(1).get(1).getType()).isEqualTo(ValueType.VALUE_TYPE_TEXT);
        assertThat(read.rows().get(0).get(0).getType()).isEqualTo(ValueType.VALUE_TYPE_INTEGER);
        assertThat(read.result().truncatedBy()).containsExactly(Truncation.MAX_CELL_BYTES);
    }

    @Test
    void aResultWithNothingWideIsNotFlagged() throws SQLException {
        Read read = runOnSqlite("SELECT id, body FROM notes WHERE id = 2", List.of("id", "body"));

        assertThat(read.rows()).hasSize(1);
        assertThat(read.result().truncated()).isFalse();
    }

    @Test
    void aBlobIsMeasuredAsItsHexText() throws SQLException {
        // x'0102' is 4 hex characters: fits in 8; x'0102030405' is 10: cut
        Read read = runOnSqlite("SELECT payload FROM notes ORDER BY id DESC", List.of("payload"));

        assertThat(read.rows().get(0).get(0).getType()).isEqualTo(ValueType.VALUE_TYPE_BLOB);
        assertThat(read.rows().get(0).get(0).getText()).isEqualToIgnoringCase("0102");
        assertThat(read.rows().get(1).get(0).getType()).isEqualTo(ValueType.VALUE_TYPE_BLOB);
        assertThat(read.rows().get(1).get(0).getText()).isEqualToIgnoringCase("01020304");
        assertThat(read.result().truncatedBy()).containsExactly(Truncation.MAX_CELL_BYTES);
    }

    @Test
    void theCutIsSharedByTheVariableWidthColumnsOnly() {
        List<Integer> asked = new ArrayList<>();
        CappedProjection capped = CappedProjection.postgres("SELECT 1", List.of("n", "name", "tags", "born"),
                List.of("int4", "varchar", "_text", "date"), variable -> {
                    asked.add(variable);
                    return 1000 / variable;
                });

        assertThat(asked).containsExactly(2);
        assertThat(capped.cut()).isEqualTo(500);
        assertThat(capped.columns()).extracting(CappedProjection.Column::shape).containsExactly(CappedProjection.Shape.FIXED,
                CappedProjection.Shape.TYPED, CappedProjection.Shape.RENDERED, CappedProjection.Shape.FIXED);
        assertThat(capped.bare()).isFalse();
        assertThat(capped.worstRowBytes()).isEqualTo(64 + 500 + 500 + 64);
    }

    @Test
    void postgresMeasuresATextColumnAsItIsAndRendersTheRestOnceARow() {
        CappedProjection capped = CappedProjection.postgres("SELECT name, tags FROM t", List.of("name", "tags"),
                List.of("text", "_text"), variable -> CUT);

        assertThat(capped.sql()).contains("octet_length(overtone_capped.c1) <= 8")
                .contains("overtone_capped.c2::text AS t2").contains("octet_length(overtone_text.t2) <= 8")
                .doesNotContain("overtone_capped.c1::text")
                .contains("\nSELECT name, tags FROM t\n) AS overtone_statement OFFSET 0");
    }

    @Test
    void onlyFixedWidthColumnsNeedNoWrapperColumns() {
        CappedProjection capped = CappedProjection.postgres("SELECT 1, now()", List.of("one", "at"),
                List.of("INT4", "TIMESTAMPTZ"), variable -> CUT);

        assertThat(capped.bare()).isTrue();
        assertThat(capped.columns()).allMatch(column -> column.outputs() == 1);
    }
}
