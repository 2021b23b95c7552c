package dev.overtone.bench.dataset;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import dev.overtone.bench.sqlite.DumpLoader;

/**
 * Builds each distinct database of a data set once into a SQLite file under
 * {@code $OVERTONE_HOME/bench/dbs/} (dumps, repaired like the reference scorer) or uses the
 * example's file as it is, and registers them all as tenant {@code bench} in
 * {@code $OVERTONE_HOME/tenants.d/bench.properties}, which executor-svc re-scans on a lookup miss.
 */
public final class DatabaseCatalog {

    public static final String TENANT = "bench";

    private final Path dbDir;
    private final Path tenantsDir;
    private final Map<String, BenchDatabase> byKey = new LinkedHashMap<>();

    public DatabaseCatalog(Path overtoneHome) {
        this.dbDir = overtoneHome.resolve("bench").resolve("dbs");
        this.tenantsDir = overtoneHome.resolve("tenants.d");
    }

    /** The database of {@code ex}, built (or found already built) on first use. */
    public synchronized BenchDatabase databaseOf(Example ex) throws IOException, SQLException {
        if (ex.dbFile() != null) {
            String key = "file:" + ex.dbFile().toAbsolutePath();
            BenchDatabase known = byKey.get(key);
            if (known == null) {
                if (!Files.isRegularFile(ex.dbFile())) {
                    throw new IOException(ex.id() + ": database file not found: " + ex.dbFile());
                }
                known = new BenchDatabase("f" + digest(key), ex.dbFile().toAbsolutePath(), List.of());
                byKey.put(key, known);
            }
            return known;
        }
        String key = "dump:" + digest(ex.dbDump());
        BenchDatabase known = byKey.get(key);
        if (known == null) {
            known = build("d" + digest(ex.dbDump()), ex.dbDump());
            byKey.put(key, known);
        }
        return known;
    }

    public synchronized List<BenchDatabase> databases() {
        return new ArrayList<>(byKey.values());
    }

    private BenchDatabase build(String name, String dump) throws IOException, SQLException {
        Files.createDirectories(dbDir);
        Path file = dbDir.resolve(name + ".sqlite");
        Path notesFile = dbDir.resolve(name + ".repairs.txt");
        if (Files.isRegularFile(file) && Files.isRegularFile(notesFile)) {
            List<String> notes = Files.readAllLines(notesFile, StandardCharsets.UTF_8).stream()
                    .filter(l -> !l.isEmpty()).toList();
            return new BenchDatabase(name, file.toAbsolutePath(), notes);
        }
        Path tmp = Files.createTempFile(dbDir, name, ".tmp");
        List<String> notes;
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + tmp.toAbsolutePath())) {
            notes = DumpLoader.load(dump, c);
        }
        moveAtomically(tmp, file);
        Path notesTmp = Files.createTempFile(dbDir, name, ".tmp");
        Files.write(notesTmp, notes.stream().map(n -> n.replace('\n', ' ')).toList(), StandardCharsets.UTF_8);
        moveAtomically(notesTmp, notesFile);
        return new BenchDatabase(name, file.toAbsolutePath(), notes);
    }

    /**
     * Writes {@code tenants.d/bench.properties} with every database of this run, keeping the entries
     * of earlier runs whose files still exist. Returns the file written.
     */
    public synchronized Path register() throws IOException {
        Files.createDirectories(tenantsDir);
        Path file = tenantsDir.resolve(TENANT + ".properties");
        Properties existing = new Properties();
        if (Files.isRegularFile(file)) {
            try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                existing.load(r);
            }
        }
        Map<String, String> entries = new TreeMap<>();
        for (String k : existing.stringPropertyNames()) {
            if (k.endsWith(".path") && Files.isRegularFile(Path.of(existing.getProperty(k)))) {
                String db = k.substring(0, k.length() - ".path".length());
                entries.put(db + ".engine", "sqlite");
                entries.put(k, existing.getProperty(k));
            }
        }
        for (BenchDatabase db : byKey.values()) {
            entries.put(TENANT + "." + db.name() + ".engine", "sqlite");
            entries.put(TENANT + "." + db.name() + ".path", db.path().toString());
        }
        Path tmp = Files.createTempFile(tenantsDir, TENANT, ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            w.write("# Written by overtone bench: its temporary SQLite databases, tenant '" + TENANT + "'.\n");
            for (Map.Entry<String, String> e : entries.entrySet()) {
                w.write(e.getKey() + "=" + e.getValue().replace("\\", "\\\\") + "\n");
            }
        }
        moveAtomically(tmp, file);
        return file;
    }

    private static void moveAtomically(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    static String digest(String s) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JVM", e);
        }
    }
}
