package dev.overtone.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A PostgreSQL tenant database as messages and logs say it: where and as whom, and nothing of its password supplier. */
class PostgresTargetTest {

    @Test
    void itIsSaidAsAnAddressWithItsSchemaAndRole() {
        PostgresTarget target = new PostgresTarget("db.internal", 6432, "tenants", "demo_hotels", "demo",
                () -> new Secret("s3cr3t-pw"));

        assertThat(target).hasToString("postgresql://db.internal:6432/tenants schema demo_hotels as demo");
        assertThat(target.password().get().reveal()).isEqualTo("s3cr3t-pw");
    }
}
