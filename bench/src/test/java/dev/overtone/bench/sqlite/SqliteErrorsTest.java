package dev.overtone.bench.sqlite;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

class SqliteErrorsTest {

    @Test
    void sqliteJdbcsWrappingComesOffAsPythonsSqlite3ReportsIt() {
        assertThat(SqliteErrors.message(new SQLException("[SQLITE_ERROR] SQL error or missing database (no such column: rating)")))
                .isEqualTo("no such column: rating");
        assertThat(SqliteErrors.message(new SQLException("[SQLITE_ERROR] SQL error or missing database (near \"FROM\": syntax error)")))
                .isEqualTo("near \"FROM\": syntax error");
    }

    @Test
    void aMessageWithoutTheWrappingStaysAndNoneIsTheExceptionsName() {
        assertThat(SqliteErrors.message(new SQLException("database is locked"))).isEqualTo("database is locked");
        assertThat(SqliteErrors.message(new SQLException())).isEqualTo("SQLException");
    }
}
