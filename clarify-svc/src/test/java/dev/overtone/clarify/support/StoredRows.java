package dev.overtone.clarify.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.eclipse.microprofile.config.ConfigProvider;

/** The service's own database as the test reads and changes it behind the service's back (plain JDBC). */
public final class StoredRows {

    private StoredRows() {
    }

    public static Connection connect() throws SQLException {
        var config = ConfigProvider.getConfig();
        return DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class), config.getValue("quarkus.datasource.password", String.class));
    }

    /** The first column of the first row of a query (a count, a state), null when there is no row. */
    public static Object value(String sql, Object... parameters) {
        try (Connection c = connect(); PreparedStatement s = prepare(c, sql, parameters); ResultSet r = s.executeQuery()) {
            return r.next() ? r.getObject(1) : null;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Rows an UPDATE or DELETE changed. */
    public static int update(String sql, Object... parameters) {
        try (Connection c = connect(); PreparedStatement s = prepare(c, sql, parameters)) {
            return s.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static PreparedStatement prepare(Connection c, String sql, Object... parameters) throws SQLException {
        PreparedStatement s = c.prepareStatement(sql);
        for (int i = 0; i < parameters.length; i++) {
            s.setObject(i + 1, parameters[i]);
        }
        return s;
    }
}
