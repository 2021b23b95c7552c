package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class StartCommandTest {

    /** Memory is read and written for a tenant's database only: both named, neither blank. */
    @Test
    void aDialogueHasAnOwnerOnlyWithBothTenantAndDatabase() {
        assertThat(command("acme", "hotels").hasOwner()).isTrue();
        assertThat(command("acme", "").hasOwner()).isFalse();
        assertThat(command(" ", "hotels").hasOwner()).isFalse();
        assertThat(command(null, "hotels").hasOwner()).isFalse();
        assertThat(command("acme", null).hasOwner()).isFalse();
    }

    private static StartCommand command(String tenant, String database) {
        return new StartCommand("q", List.of(), null, null, null, null, false, tenant, database, false);
    }
}
