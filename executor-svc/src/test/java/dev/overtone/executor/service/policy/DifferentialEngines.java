package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.policy.LexerDifferential.Engine;
import dev.overtone.executor.service.policy.LexerDifferential.Reading;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.PgConnection;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.sqlite.ProgressHandler;

/** The two engines {@link LexerDifferential} reads every text with, as the executor's engines would run it. */
final class DifferentialEngines {
    private static final Duration WAIT = Duration.ofSeconds(10);

    private DifferentialEngines() {
    }

    /** An in-memory SQLite: the first statement prepared and stepped; sqlite3_exec then tells whether more ran. */
    static final class Sqlite implements Engine {
        private final Connection connection;
        private int steps;

        Sqlite() throws SQLException {
            connection = DriverManager.getConnection("jdbc:sqlite::memory:");
            ProgressHandler.setHandler(connection, 1, new ProgressHandler() {
                @Override
                protected int progress() {
                    steps++;
                    return 0;
                }
            });
            read("SELECT 1"); // the first statement on a connection takes extra steps
        }

        @Override
        public Reading read(String sql) {
            steps = 0;
            List<String> rows = new ArrayList<>();
            try (PreparedStatement statement = connection.prepareStatement(sql);
                    ResultSet rs = statement.executeQuery()) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    StringBuilder row = new StringBuilder();
                    for (int c = 1; c <= columns; c++) {
                        Object value = rs.getObject(c);
                        row.append(value instanceof byte[] bytes ? "x" + HexFormat.of().formatHex(bytes) : value)
                                .append('|');
                    }
                    rows.add(row.toString());
                }
            } catch (SQLException e) {
                return new Reading(null, -1);
            }
            int firstStatementSteps = steps;
            steps = 0;
            boolean several;
            try (Statement statement = connection.createStatement()) {
                statement.executeUpdate(sql); // sqlite3_exec: every statement in turn, as the prepare tail goes
                several = steps > firstStatementSteps;
            } catch (SQLException e) {
                several = true; // the first statement ran above: a later one failed
            }
            return new Reading(rows, several ? 2 : 1);
        }

        @Override
        public void close() {
            try {
                connection.close();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** The test PostgreSQL, simple query protocol (one result per statement), in a READ ONLY transaction rolled back. */
    static final class Postgres implements Engine {
        private final PgConnection connection;

        Postgres(Vertx vertx) {
            connection = PgConnection.connect(vertx, new PgConnectOptions()
                    .setHost(TenantDatabasesResource.postgresHost()).setPort(TenantDatabasesResource.postgresPort())
                    .setDatabase("postgres").setUser(TenantDatabasesResource.adminUser())
                    .setPassword(TenantDatabasesResource.adminPassword())).await().atMost(WAIT);
        }

        @Override
        public Reading read(String sql) {
            connection.query("BEGIN READ ONLY").execute().await().atMost(WAIT);
            try {
                RowSet<Row> first = connection.query(sql).execute().await().atMost(WAIT);
                int statements = 1;
                for (RowSet<Row> more = first.next(); more != null; more = more.next()) {
                    statements++;
                }
                List<String> rows = new ArrayList<>();
                for (Row row : first) {
                    StringBuilder text = new StringBuilder();
                    for (int c = 0; c < row.size(); c++) {
                        text.append(printed(row.getValue(c))).append('|');
                    }
                    rows.add(text.toString());
                }
                return new Reading(rows, statements);
            } catch (PgException e) {
                return new Reading(null, -1);
            } finally {
                connection.query("ROLLBACK").execute().await().atMost(WAIT);
            }
        }

        @Override
        public void close() {
            connection.close().await().atMost(WAIT);
        }
    }

    private static String printed(Object value) {
        return value instanceof Object[] array ? Arrays.deepToString(array) : String.valueOf(value);
    }
}
