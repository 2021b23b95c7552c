package dev.overtone.executor.health;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** The warm-up executor-svc runs before it reports SERVING ({@link WarmUpExample}); keys in the module README. */
@ConfigMapping(prefix = "overtone.executor.warm-up")
public interface WarmUpConfig {

    /** Whether the warm-up runs at start; off, the service is ready once started and its first calls are cold. */
    @WithDefault("true")
    boolean enabled();

    /** Rounds of the example statements on the scratch database, each with new literals (the policy parses each text). */
    @WithDefault("4")
    int rounds();

    /** The warm-up stops once this much time has passed since it began, whatever rounds are left. */
    @WithDefault("700ms")
    Duration budget();

    /** PostgreSQL tenant databases (first by name) sent a statement that reads no table, opening their pools. */
    @WithDefault("1")
    int postgresqlDatabases();

    /** Where the scratch SQLite database of the warm-up is written (a directory of its own is made in it). */
    @WithDefault("${java.io.tmpdir}")
    String scratchDir();
}
