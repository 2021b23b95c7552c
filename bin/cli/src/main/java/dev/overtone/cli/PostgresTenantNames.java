package dev.overtone.cli;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Properties;

/**
 * The random names and passwords of the sample tenants' PostgreSQL databases and roles, kept in the
 * tenants.d file that executor-svc reads: made once, then reused, so provisioning stays idempotent.
 * Random names keep the shared catalogues (pg_database, pg_roles) from naming any tenant.
 */
final class PostgresTenantNames {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path file;
    private final Properties entries = new Properties();

    private PostgresTenantNames(Path file) {
        this.file = file;
    }

    static PostgresTenantNames load(Path file) throws IOException {
        PostgresTenantNames names = new PostgresTenantNames(file);
        if (Files.exists(file)) {
            try (Reader reader = Files.newBufferedReader(file)) {
                names.entries.load(reader);
            }
        }
        return names;
    }

    String database(SampleTenant sample) {
        String url = entries.getProperty(sample.postgresKey() + ".url", "");
        String database = url.substring(url.lastIndexOf('/') + 1);
        return database.matches("ot_[0-9a-f]{16}") ? database : "ot_" + randomHex();
    }

    String role(SampleTenant sample) {
        return entries.computeIfAbsent(sample.postgresKey() + ".username", k -> "ot_" + randomHex()).toString();
    }

    String password(SampleTenant sample) {
        return entries.computeIfAbsent(sample.postgresKey() + ".password", k -> randomHex() + randomHex()).toString();
    }

    void record(SampleTenant sample, String host, int port, String database) {
        String key = sample.postgresKey();
        entries.setProperty(key + ".engine", "postgresql");
        entries.setProperty(key + ".url", "postgresql://" + host + ":" + port + "/" + database);
        entries.setProperty(key + ".schema", sample.postgresSchema());
        role(sample);
        password(sample);
    }

    /** Written whole to a sibling and moved, readable by its owner only (it holds passwords). */
    void save() throws IOException {
        Files.createDirectories(file.getParent());
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.deleteIfExists(partial);
        Files.createFile(partial, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (Writer writer = Files.newBufferedWriter(partial)) {
            entries.store(writer, "The sample tenants' PostgreSQL databases and roles (bin/overtone provisions them)");
        }
        Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static String randomHex() {
        byte[] bytes = new byte[8];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
