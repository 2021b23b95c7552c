package dev.overtone.cli;

/**
 * A sample tenant database: the script under samples/ that builds it, where it lives on SQLite, and
 * the name and schema of its PostgreSQL copy (which lives in a database and role of its own).
 */
record SampleTenant(String tenant, String script, String sqliteDatabase, String postgresName, String postgresSchema) {

    static final SampleTenant[] ALL = {
        new SampleTenant("demo", "hotels.sql", "hotels", "hotels-pg", "demo_hotels"),
        new SampleTenant("other", "crm.sql", "crm", "crm-pg", "other_crm"),
    };

    /** Its key in tenants.d files: {@code <tenant>.<database>}. */
    String postgresKey() {
        return tenant + "." + postgresName;
    }
}
