package dev.overtone.cli;

/**
 * A sample tenant database: the script under samples/ that builds it, where it lives on SQLite,
 * and the PostgreSQL schema and read-only role that hold the same content.
 */
record SampleTenant(String tenant, String script, String sqliteDatabase, String postgresSchema,
        String readerRole, String readerPasswordEnv, String defaultReaderPassword) {

    static final SampleTenant[] ALL = {
        new SampleTenant("demo", "hotels.sql", "hotels", "demo_hotels", "demo_reader",
                "OVERTONE_DEMO_READER_PASSWORD", "demo-reader"),
        new SampleTenant("other", "crm.sql", "crm", "other_crm", "other_reader",
                "OVERTONE_OTHER_READER_PASSWORD", "other-reader"),
    };

    String readerPassword() {
        String fromEnv = System.getenv(readerPasswordEnv);
        return fromEnv == null || fromEnv.isBlank() ? defaultReaderPassword : fromEnv;
    }
}
