package dev.overtone.bench.memory;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tenants one memory run asks under: each a fresh name of this run ({@code m<run>-<role><n>}) for one database file,
 * so no run starts with what an earlier one remembered, and one tenant's memory is never another's. Written to
 * {@code $OVERTONE_HOME/tenants.d/bench-memory.properties} (replacing an earlier run's), which executor-svc reads on a
 * lookup miss.
 */
final class MemoryTenants {
    static final String FILE = "bench-memory.properties";

    private final Path tenantsDir;
    private final String run;
    private final Map<String, String> entries = new TreeMap<>();
    private int next;

    MemoryTenants(Path home, String run) {
        if (!run.matches("[a-z0-9]+")) {
            throw new IllegalArgumentException("a run id is lower-case letters and digits: " + run);
        }
        this.tenantsDir = home.resolve("tenants.d");
        this.run = run;
    }

    /** A new tenant of this run whose database {@code database} is the SQLite file {@code path}. */
    synchronized String fresh(String role, String database, Path path) {
        String tenant = "m" + run + "-" + role + next++;
        entries.put(tenant + "." + database + ".engine", "sqlite");
        entries.put(tenant + "." + database + ".path", path.toAbsolutePath().toString());
        return tenant;
    }

    /** Writes every tenant of this run; returns the file. */
    synchronized Path register() throws IOException {
        Files.createDirectories(tenantsDir);
        Path file = tenantsDir.resolve(FILE);
        Path tmp = Files.createTempFile(tenantsDir, "bench-memory", ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            w.write("# Written by overtone bench memory: run " + run + "'s tenants, one per role and database.\n");
            for (Map.Entry<String, String> e : entries.entrySet()) {
                w.write(e.getKey() + "=" + e.getValue().replace("\\", "\\\\") + "\n");
            }
        }
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
        return file;
    }
}
