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
        Map<?, ?> repeat = (Map<?, ?>) json.get("repeat");
        // the unreachable question is left out of the shares: the user could not choose
        assertThat(repeat.get("questions")).isEqualTo(3);
        assertThat(repeat.get("reachable")).isEqualTo(2);
        assertThat(repeat.get("remembered_first")).isEqualTo(50.0);
        assertThat(repeat.get("no_question")).isEqualTo(100.0);
        assertThat(repeat.get("memory_applied")).isEqualTo(50.0);
        Map<?, ?> harm = (Map<?, ?>) ((Map<?, ?>) json.get("no_harm")).get("all");
        assertThat(harm.get("first_on")).isEqualTo(50.0);
        assertThat(harm.get("first_off")).isEqualTo(100.0);
        assertThat(harm.get("memory_applied")).isEqualTo(50.0);
        Map<?, ?> contradicting = (Map<?, ?>) ((Map<?, ?>) json.get("no_harm")).get("contradicting");
        assertThat(contradicting.get("n")).isEqualTo(1);
        Map<?, ?> transfer = (Map<?, ?>) ((Map<?, ?>) json.get("transfer")).get("all");
        assertThat(transfer.get("n")).isEqualTo(3);
        assertThat(transfer.get("mean_questions_on")).isEqualTo(0.33);
        assertThat(transfer.get("first_on")).isEqualTo(33.3);
        // no reading returns what the user means: left out of the reachable shares
        Map<?, ?> reachable = (Map<?, ?>) ((Map<?, ?>) json.get("transfer")).get("reachable");
        assertThat(reachable.get("n")).isEqualTo(2);
        assertThat(reachable.get("mean_questions_on")).isEqualTo(0.5);
        assertThat(reachable.get("mean_questions_off")).isEqualTo(1.0);
        assertThat(reachable.get("first_on")).isEqualTo(50.0);
        assertThat(((Map<?, ?>) ((Map<?, ?>) json.get("transfer")).get("sharing_the_choice")).get("n")).isEqualTo(1);
        assertThat(json.get("errors")).isEqualTo(List.of("d2: UNAVAILABLE: down"));
        assertThat(((Map<?, ?>) json.get("cost")).get("added_p50_ms")).isEqualTo(1.5);
        assertThat(((Map<?, ?>) json.get("cost")).get("asked_added_p50_ms")).isEqualTo(3.0);

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
}
