package dev.overtone.bench.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The memory report's figures, counted by hand, and the goals they meet; the run's tenants file. */
class MemoryReportTest {

    @Test
    void eachPartIsCountedOverItsOwnRecordsAndTheGoalsFollow() {
        MemoryTrials.Case hotels = new MemoryTrials.Case("hotels",
                List.of(new MemoryTrials.Repeat("r1", true, true, 1, true, true, true, true)),
                List.of(new MemoryTrials.Isolation("r1", true, false)),
                List.of(new MemoryTrials.Sibling("s1", false, true, true, true, true, false),
                        new MemoryTrials.Sibling("s2", true, false, true, true, true, true)),
                List.of(new MemoryTrials.Transfer("t1", true, true, true, false, 0, 1),
                        new MemoryTrials.Transfer("t3", false, false, false, false, 0, 0)), null);
        MemoryTrials.Case other = new MemoryTrials.Case("d2",
                List.of(new MemoryTrials.Repeat("r2", true, true, 2, false, true, true, false),
                        new MemoryTrials.Repeat("r3", false, false, 0, false, false, false, false)),
                List.of(new MemoryTrials.Isolation("r2", true, false)), List.of(),
                List.of(new MemoryTrials.Transfer("t2", true, false, false, false, 1, 1)), "UNAVAILABLE: down");
        MemoryReport report = new MemoryReport(List.of(hotels, other), new MemoryCost.Figures(10, 12.5, 11.0, 14.0, 0.8, 1.9, 2.6), Map.of());

        Map<String, Object> json = report.toJson();
        // the unreachable question is left out of the shares: the user could not choose
        assertThat(section(json, "repeat")).containsEntry("questions", 3).containsEntry("reachable", 2)
                .containsEntry("remembered_first", 50.0).containsEntry("no_question", 100.0).containsEntry("memory_applied", 50.0);
        assertThat(section(json, "no_harm", "all")).containsEntry("first_on", 50.0).containsEntry("first_off", 100.0)
                .containsEntry("memory_applied", 50.0);
        assertThat(section(json, "no_harm", "contradicting")).containsEntry("n", 1);
        assertThat(section(json, "transfer", "all")).containsEntry("n", 3).containsEntry("mean_questions_on", 0.33)
                .containsEntry("first_on", 33.3);
        // no reading returns what the user means: left out of the reachable shares
        assertThat(section(json, "transfer", "reachable")).containsEntry("n", 2).containsEntry("mean_questions_on", 0.5)
                .containsEntry("mean_questions_off", 1.0).containsEntry("first_on", 50.0);
        assertThat(section(json, "transfer", "sharing_the_choice")).containsEntry("n", 1);
        assertThat(json.get("errors")).isEqualTo(List.of("d2: UNAVAILABLE: down"));
        assertThat(section(json, "cost")).containsEntry("added_p50_ms", 1.5).containsEntry("asked_added_p50_ms", 3.0);

        assertThat(report.goals()).containsExactly(
                "missed  repeat: remembered reading first in 100 %: 50.0 %",
                "met     repeat: no question asked in 100 %: 100.0 %",
                "met     isolation: identical to memory off in 100 %: 100.0 %",
                "missed  no harm: first-reading accuracy not lower: 50.0 % vs 100.0 % off",
                "met     no harm: shown holds the right reading not lower: 100.0 % vs 100.0 % off",
                "met     transfer: fewer questions: 0.33 vs 0.67 off",
                "met     transfer: first-reading accuracy up: 33.3 % vs 0.0 % off",
                "met     recall adds <= 2 ms to the p50: 1.50 ms",
                "missed  recall asked (memory token) adds <= 2 ms to the p50: 3.00 ms");
    }

    @Test
    void everyTenantOfARunIsANewNameForItsDatabaseFile(@TempDir Path home) throws Exception {
        MemoryTenants tenants = new MemoryTenants(home, "k3x");
        String a = tenants.fresh("r", "d1", home.resolve("d1.sqlite"));
        String b = tenants.fresh("i", "d1", home.resolve("d1.sqlite"));
        Path file = tenants.register();

        assertThat(a).isEqualTo("mk3x-r0").matches("[a-z0-9][a-z0-9_-]*");
        assertThat(b).isEqualTo("mk3x-i1");
        Properties p = new Properties();
        try (var r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        assertThat(p.getProperty("mk3x-r0.d1.engine")).isEqualTo("sqlite");
        assertThat(p.getProperty("mk3x-i1.d1.path")).isEqualTo(home.resolve("d1.sqlite").toAbsolutePath().toString());
        assertThat(file.getFileName().toString()).isEqualTo(MemoryTenants.FILE);
    }

    /** The report's part at {@code path}: a section, or a section's group. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> section(Map<String, Object> json, String... path) {
        Map<String, Object> part = json;
        for (String key : path) {
            part = (Map<String, Object>) part.get(key);
        }
        return part;
    }
}
