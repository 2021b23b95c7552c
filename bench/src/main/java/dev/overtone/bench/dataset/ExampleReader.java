package dev.overtone.bench.dataset;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Reads a JSONL data set in the documented bench format; other fields are ignored. */
public final class ExampleReader {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ExampleReader() {
    }

    public static List<Example> read(Path file) throws IOException {
        Path root = file.toAbsolutePath().getParent();
        List<Example> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        int lineNo = 0;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode n;
                try {
                    n = JSON.readTree(line);
                } catch (IOException e) {
                    throw new IllegalArgumentException(file + ":" + lineNo + ": not JSON: " + e.getMessage());
                }
                Example ex = parse(n, root, file + ":" + lineNo);
                if (!ids.add(ex.id())) {
                    throw new IllegalArgumentException(file + ":" + lineNo + ": duplicate id " + ex.id());
                }
                out.add(ex);
            }
        }
        return out;
    }

    static Example parse(JsonNode n, Path root, String where) {
        String id = text(n, "id");
        if (id == null) {
            throw new IllegalArgumentException(where + ": missing id");
        }
        List<String> golds = new ArrayList<>();
        n.path("gold_queries").forEach(g -> golds.add(g.asText()));
        if (golds.isEmpty()) {
            throw new IllegalArgumentException(where + ": " + id + " has no gold_queries");
        }
        String dump = text(n, "db_dump");
        String db = text(n, "db");
        Path dbFile = db == null || db.isEmpty() ? null : root.resolve(db).normalize();
        if (dbFile == null && (dump == null || dump.isEmpty())) {
            throw new IllegalArgumentException(where + ": " + id + " has neither db nor db_dump");
        }
        List<Example.Default> defaults = new ArrayList<>();
        for (JsonNode d : n.path("defaults")) {
            List<String> sqls = new ArrayList<>();
            d.path("sqls").forEach(s -> {
                if (s.isTextual()) {
                    sqls.add(s.asText());
                }
            });
            defaults.add(new Example.Default(text(d, "interpretation"), text(d, "sql"), sqls));
        }
        return new Example(id, text(n, "question"), golds, dbFile == null ? dump : null, dbFile, defaults,
                text(n, "ambig_type"), n.path("is_ambiguous").asBoolean(false));
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
