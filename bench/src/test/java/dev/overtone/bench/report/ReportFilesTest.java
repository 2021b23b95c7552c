package dev.overtone.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;

class ReportFilesTest {

    @Test
    void jsonLinesAreOneCompactObjectPerLineInAFolderMadeForThem(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run/1/predictions.jsonl");
        Map<String, Object> first = new LinkedHashMap<>();
        first.put("id", "a1");
        first.put("sqls", List.of("SELECT 1", "SELECT\n2"));

        ReportFiles.writeJsonLines(file, List.of(first, Map.of("id", "a2")));

        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines).containsExactly("{\"id\":\"a1\",\"sqls\":[\"SELECT 1\",\"SELECT\\n2\"]}", "{\"id\":\"a2\"}");
    }

    @Test
    void jsonIsIndentedAndReadsBackAndTextIsUtf8(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("a/report.json");
        ReportFiles.writeJson(json, Map.of("coverage", 61.5));
        ReportFiles.writeText(dir.resolve("b/report.md"), "recall — 61.5 %");

        assertThat(Files.readAllLines(json)).hasSizeGreaterThan(1);
        assertThat(new ObjectMapper().readTree(json.toFile()).path("coverage").asDouble()).isEqualTo(61.5);
        assertThat(Files.readString(dir.resolve("b/report.md"), StandardCharsets.UTF_8)).isEqualTo("recall — 61.5 %");
    }
}
