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
 * The settings a PostgreSQL connection starts with (search_path, standard_conforming_strings, work_mem), which
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

    @ParameterizedTest
    @CsvSource({"search_path, public", "standard_conforming_strings, off", "work_mem, 64kB"})
    void aSettingChangedForTheSessionIsTheConnectionsOwnAgainInTheNextCall(String setting, String changed) {
        String expected = switch (setting) {
            case "search_path" -> "\"" + PostgresTenant.STATEFUL.schema() + "\"";
            case "standard_conforming_strings" -> "on";
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

    private String text(String sql) {
        return run(sql, true).rows().get(0).getCells(0).getText();
    }
}
