package dev.overtone.bench.dataset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/** A data set of examples written as JSONL with a {@code db_dump} each, for tests that run a measurement on it. */
public final class ExampleLines {
    /** Hotels with a star rating and a review score: "the rating of each hotel" reads as either. */
    public static final String HOTELS = "CREATE TABLE h(name TEXT, stars INT, score REAL);\n"
            + "INSERT INTO h(name, stars, score) VALUES ('a', 5, 8.5);\nINSERT INTO h(name, stars, score) VALUES ('b', 3, 9.1);\n";
    public static final String STARS = "SELECT name, stars FROM h";
    public static final String SCORE = "SELECT name, score FROM h";

    private static final ObjectMapper JSON = new ObjectMapper();

    private ExampleLines() {
    }

    /** One example: its golds, the recorded defaults' SQL (one default each) and whether it is ambiguous. */
    public static String line(String id, String dump, List<String> golds, List<String> defaults, boolean ambiguous) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", id);
        m.put("question", "the rating of each hotel (" + id + ")");
        m.put("gold_queries", golds);
        m.put("ambig_type", "vague");
        m.put("is_ambiguous", ambiguous);
        m.put("db_dump", dump);
        m.put("defaults", defaults.stream().map(sql -> Map.of("interpretation", "reading " + sql, "sql", sql)).toList());
        try {
            return JSON.writeValueAsString(m);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The ambiguous hotel question, its defaults the star rating only. */
    public static String rating(String id) {
        return line(id, HOTELS, List.of(STARS, SCORE), List.of(STARS), true);
    }

    /** The lines written to {@code file}. */
    public static Path write(Path file, String... lines) {
        try {
            return Files.writeString(file, String.join("\n", lines) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
