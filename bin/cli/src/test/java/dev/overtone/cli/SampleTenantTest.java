package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A sample tenant's PostgreSQL copy is keyed as tenants.d files key a database: {@code <tenant>.<database>}. */
class SampleTenantTest {

    @Test
    void aPostgresqlCopyIsKeyedByItsTenantAndItsOwnDatabaseName() {
        SampleTenant shop = new SampleTenant("acme", "shop.sql", "shop", "shop-pg", "acme_shop");

        assertThat(shop.postgresKey()).isEqualTo("acme.shop-pg");
    }
}
