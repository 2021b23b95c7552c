package dev.overtone.executor.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.TenantDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;

/**
 * The warm-up's statements: no text of a round repeats one of an earlier round (so the policy parses each afresh, as
 * it does a caller's new statement), and each runs on the warm-up's scratch database.
 */
class WarmUpStatementsTest {
    private static final int ROUNDS = 20;

    @Test
    void noRoundRepeatsAnEarlierRoundsText() {
        List<String> all = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            all.addAll(WarmUpStatements.sqlite(round));
        }
        assertThat(new HashSet<>(all)).hasSameSizeAs(all);
    }

    @Test
    void everyStatementOfEveryRoundRunsOnTheScratchDatabase(@TempDir Path dir) throws SQLException {
        TenantDatabase scratch = WarmUpDatabase.create(dir);
        Set<String> answered = new HashSet<>();
        try (Connection c = new SQLiteConfig().createConnection("jdbc:sqlite:" + scratch.sqlitePath().orElseThrow());
                Statement statement = c.createStatement()) {
            for (int round = 0; round < ROUNDS; round++) {
                for (String sql : WarmUpStatements.sqlite(round)) {
                    try (ResultSet rows = statement.executeQuery(sql)) {
                        if (rows.next()) {
                            answered.add(sql);
                        }
                    }
                }
            }
        }
        assertThat(WarmUpStatements.sqlite(0)).as("the first round, which always runs, reads rows with each statement")
                .allMatch(answered::contains);
    }
}
