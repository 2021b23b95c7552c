package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.sqlclient.PreparedStatement;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The statements kept prepared per pooled connection, on a real PostgreSQL whose role may list its session's prepared
 * statements (PostgresTenant.STATEFUL): each connection keeps its own, the least recently used past the bound is
 * closed on the server, a statement kept again for its text replaces the one before, and keeping none closes each.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class PreparedOnConnectionsTest {
    private static final String NAMES = "SELECT name FROM hotels";
    private static final String STARS = "SELECT stars FROM hotels";
    private static final String CITIES = "SELECT city FROM hotels";
    /** Statements prepared through the protocol on this session (not this query, sent unprepared). */
    private static final String ON_THE_SERVER = "SELECT count(*) FROM pg_catalog.pg_prepared_statements WHERE NOT from_sql";

    @Inject
    Vertx vertx;

    private Pool pool;
    private SqlConnection connection;

    @BeforeEach
    void connect() {
        pool = PostgresTenant.STATEFUL.readerPool(vertx, 2);
        connection = pool.getConnectionAndAwait();
    }

    @AfterEach
    void close() {
        connection.closeAndAwait();
        pool.closeAndAwait();
    }

    private PreparedStatement prepared(SqlConnection on, String sql) {
        return on.prepareAndAwait(sql).getDelegate();
    }

    private long onTheServer(SqlConnection on) {
        return on.query(ON_THE_SERVER).executeAndAwait().iterator().next().getLong(0);
    }

    @Test
    void theLeastRecentlyUsedStatementPastTheBoundIsClosedOnTheServer() {
        PreparedOnConnections kept = new PreparedOnConnections(2, 4096);
        PreparedStatement names = prepared(connection, NAMES);
        kept.keep(connection.getDelegate(), NAMES, names);
        kept.keep(connection.getDelegate(), STARS, prepared(connection, STARS));
        assertThat(kept.get(connection.getDelegate(), NAMES)).isSameAs(names); // now the most recently used

        kept.keep(connection.getDelegate(), CITIES, prepared(connection, CITIES));

        assertThat(kept.get(connection.getDelegate(), STARS)).isNull();
        assertThat(kept.get(connection.getDelegate(), NAMES)).isSameAs(names);
        assertThat(kept.get(connection.getDelegate(), CITIES)).isNotNull();
        assertThat(kept.count(connection.getDelegate())).isEqualTo(2);
        assertThat(onTheServer(connection)).isEqualTo(2);
    }

    @Test
    void aStatementKeptAgainForItsTextClosesTheOneBeforeAndADroppedOneIsClosed() {
        PreparedOnConnections kept = new PreparedOnConnections(4, 4096);
        kept.keep(connection.getDelegate(), NAMES, prepared(connection, NAMES));
        PreparedStatement again = prepared(connection, NAMES);
        kept.keep(connection.getDelegate(), NAMES, again);
        kept.keep(connection.getDelegate(), STARS, prepared(connection, STARS));

        assertThat(kept.get(connection.getDelegate(), NAMES)).isSameAs(again);
        assertThat(onTheServer(connection)).isEqualTo(2);

        kept.drop(connection.getDelegate(), STARS);
        assertThat(kept.get(connection.getDelegate(), STARS)).isNull();
        assertThat(onTheServer(connection)).isEqualTo(1);
    }

    @Test
    void eachConnectionKeepsItsOwnAndAForgottenConnectionKeepsNone() {
        PreparedOnConnections kept = new PreparedOnConnections(4, 4096);
        SqlConnection other = pool.getConnectionAndAwait();
        try {
            kept.keep(connection.getDelegate(), NAMES, prepared(connection, NAMES));

            assertThat(kept.get(other.getDelegate(), NAMES)).isNull();
            assertThat(kept.count(other.getDelegate())).isZero();

            kept.forget(connection.getDelegate());
            assertThat(kept.get(connection.getDelegate(), NAMES)).isNull();
            assertThat(kept.count(connection.getDelegate())).isZero();
        } finally {
            other.closeAndAwait();
        }
    }

    @Test
    void aStatementWhoseTextIsLongerThanTheRememberedLengthIsClosedAtOnce() {
        PreparedOnConnections kept = new PreparedOnConnections(4, NAMES.length());
        kept.keep(connection.getDelegate(), NAMES, prepared(connection, NAMES));
        String longer = NAMES + " ";
        kept.keep(connection.getDelegate(), longer, prepared(connection, longer));

        assertThat(kept.get(connection.getDelegate(), NAMES)).isNotNull();
        assertThat(kept.get(connection.getDelegate(), longer)).isNull();
        assertThat(onTheServer(connection)).isEqualTo(1);
    }

    @Test
    void keepingNoneClosesEachStatementAtOnce() {
        PreparedOnConnections none = new PreparedOnConnections(0, 4096);

        none.keep(connection.getDelegate(), NAMES, prepared(connection, NAMES));

        assertThat(none.enabled()).isFalse();
        assertThat(none.get(connection.getDelegate(), NAMES)).isNull();
        assertThat(onTheServer(connection)).isZero();
    }
}
