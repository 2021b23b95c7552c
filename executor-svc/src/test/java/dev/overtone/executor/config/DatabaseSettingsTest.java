package dev.overtone.executor.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.runtime.testing.KnobRules;
import dev.overtone.runtime.testing.MappedKnobs;
import org.junit.jupiter.api.Test;

/** Every key of a tenant database ({@code overtone.executor.tenants.<t>.<db>.<key>}) has a row in the README's Tenants table. */
class DatabaseSettingsTest {

    @Test
    void everyKeyOfATenantDatabaseHasARowInTheReadme() {
        assertThat(MappedKnobs.of(DatabaseSettings.class, "")).extracting(MappedKnobs.Knob::relative)
                .contains("engine", "password-env", "password-file");
        assertThat(KnobRules.undocumented(MappedKnobs.of(DatabaseSettings.class, ""), KnobRules.README)).isEmpty();
    }
}
