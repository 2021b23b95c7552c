package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The settings a PostgreSQL connection starts with (search_path, standard_conforming_strings, work_mem, the two
 * timeouts), which
 * replaced per-call SET LOCALs, hold in every call, also after calls that changed them for the whole session on
 * every connection of the pool (the call's ROLLBACK undoes such a change, and the reset's RESET ALL returns a
 * setting to the connection's own). The policy is bypassed and the tenant's role may call set_config
 * (PostgresTenant.STATEFUL).
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class SessionSettingsTest extends StatefulTenantCalls {

    @ConfigProperty(name = "overtone.executor.pool.work-mem")
    String workMem;

    @ConfigProperty(name = "overtone.executor.pool.statement-timeout")
    java.time.Duration statementTimeout;

    @ConfigProperty(name = "overtone.executor.limits.max-timeout")
    java.time.Duration maxTimeout;

    @ConfigProperty(name = "overtone.executor.pool.idle-in-transaction-slack")
    java.time.Duration idleSlack;

    @ParameterizedTest
    @CsvSource({"search_path, public", "standard_conforming_strings, off", "work_mem, 64kB", "statement_timeout, 0",
        "idle_in_transaction_session_timeout, 0"})
    void aSettingChangedForTheSessionIsTheConnectionsOwnAgainInTheNextCall(String setting, String changed) {
        String expected = switch (setting) {
            case "search_path" -> "\"" + PostgresTenant.STATEFUL.schema() + "\"";
            case "standard_conforming_strings" -> "on";
            case "statement_timeout" -> shown(statementTimeout.toMillis());
            case "idle_in_transaction_session_timeout" -> shown(maxTimeout.plus(idleSlack).toMillis());
            default -> workMem;
        };
        assertThat(text("SELECT current_setting('" + setting + "')")).as("before").isEqualTo(expected);
        // every connection of the pool changes it once, and is looked at after
        for (int call = 0; call < poolSize * 2; call++) {
            text("SELECT set_config('" + setting + "', '" + changed + "', false)");
        }
        for (int call = 0; call < poolSize * 2; call++) {
            assertThat(text("SELECT current_setting('" + setting + "')")).as("call %d after", call).isEqualTo(expected);
        }
    }

    /** A time setting as PostgreSQL shows it: in the largest unit that divides it. */
    private static String shown(long millis) {
        long[] sizes = {86_400_000, 3_600_000, 60_000, 1_000, 1};
        String[] units = {"d", "h", "min", "s", "ms"};
        int unit = 0;
        while (millis % sizes[unit] != 0) {
            unit++;
        }
        return millis / sizes[unit] + units[unit];
    }

    private String text(String sql) {
        return run(sql, true).rows().get(0).getCells(0).getText();
    }
}
