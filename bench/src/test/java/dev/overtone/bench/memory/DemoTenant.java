package dev.overtone.bench.memory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;

import dev.overtone.bench.sqlite.DumpLoader;

/** The demo tenant's SQLite file as the suite provisions it, built from samples/hotels.sql under a test's OVERTONE_HOME. */
final class DemoTenant {

    private DemoTenant() {
    }

    static Path provision(Path home) throws Exception {
        Path file = Files.createDirectories(home.resolve("tenants/demo")).resolve("hotels.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            DumpLoader.load(Files.readString(Path.of("..", "samples", "hotels.sql")), c);
        }
        return file;
    }
}
