package dev.overtone.executor.support;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The statements of the benches' realistic mixes: SQLite, every gold and default statement of the AmbiQT
 * development sets in ../shared/data, per database file; PostgreSQL, the {@code both} and {@code pg} lines of
 * corpus/allowed.tsv.
 */
public final class BenchStatements {
    /** The repository root's ../shared/data; tests run in executor-svc/. */
    public static final Path SHARED_DATA = Path.of("..", "..", "shared", "data").toAbsolutePath().normalize();
    private static final List<String> DEV_SETS = List.of("ambiqt-dev/ambiqt_dev.jsonl",
            "ambiqt-dev-jp/ambiqt_dev_jp.jsonl");

    private BenchStatements() {
    }

    /** Every distinct statement of the development sets, per database file, in the order of the files. */
    public static Map<Path, TreeSet<String>> sqliteByFile() throws IOException {
        Map<Path, TreeSet<String>> byFile = new LinkedHashMap<>();
        for (String set : DEV_SETS) {
            Path jsonl = SHARED_DATA.resolve(set);
            for (String line : Files.readAllLines(jsonl, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                JsonObject example;
                try (JsonReader reader = Json.createReader(new StringReader(line))) {
                    example = reader.readObject();
                }
                Path file = jsonl.getParent().resolve(example.getString("db")).normalize();
                TreeSet<String> sql = byFile.computeIfAbsent(file, f -> new TreeSet<>());
                example.getJsonArray("gold_queries").getValuesAs(JsonString.class).forEach(q -> sql.add(q.getString()));
                example.getJsonArray("defaults").getValuesAs(JsonObject.class).forEach(d -> sql.add(d.getString("sql")));
            }
        }
        return byFile;
    }

    /** The lines of corpus/allowed.tsv that PostgreSQL runs ({@code both} and {@code pg}). */
    public static List<String> postgresAllowed() throws IOException {
        List<String> mix = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(BenchStatements.class.getClassLoader()
                .getResourceAsStream("corpus/allowed.tsv"), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split("\t", 2);
                if (parts[0].equals("both") || parts[0].equals("pg")) {
                    mix.add(parts[1].replace("\\n", "\n"));
                }
            }
        }
        return mix;
    }
}
