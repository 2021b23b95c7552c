package dev.overtone.clarify.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** clarify-svc's knobs; every one is documented in the README's configuration table. */
@ConfigMapping(prefix = "overtone.clarify")
public interface ClarifyConfig {

    Defaults defaults();

    /** "uniform" or "rank": how missing prior probabilities are filled. */
    @WithDefault("uniform")
    String missingPriors();

    /**
     * The probability kept back for readings that are not among the candidates when the caller says the
     * set is incomplete: a resolution's confidence is scaled by (1 - reserve).
     */
    @WithDefault("0.2")
    double incompleteReserve();

    Limits limits();

    Sessions sessions();

    Mapping mapping();

    Parser parser();

    WarmUp warmUp();

    Memory memory();

    interface Memory {
        /** Remember what people choose and apply it to later questions of the same tenant and database. */
        @WithDefault("true")
        boolean enabled();

        /** A remembered choice is forgotten this long after it was (last) chosen. */
        @WithDefault("180d")
        Duration ttl();

        /**
         * The most databases whose choices a replica keeps between Recalls, until a choice there is recorded or forgotten
         * (0: every Recall reads PostgreSQL).
         */
        @WithDefault("10000")
        int cacheScopes();

        /** WatchMemory: the pushed scopes that gain a choice (README, "Memory", "Pushed"). */
        Watch watch();
    }

    interface Watch {
        /** A watch stream is ended (OK) this old, so its caller subscribes again and drops scopes since forgotten. */
        @WithDefault("5m")
        Duration maxAge();

        /** Messages a watcher may leave unread (its transport not ready) before its stream is ended, RESOURCE_EXHAUSTED. */
        @WithDefault("1000")
        int maxPending();

        /** How long Choose and a resolving Answer wait, after commit, for their own notification to come back. */
        @WithDefault("200ms")
        Duration echoWait();

        /** The longest pause between two tries to LISTEN again after the listener's connection was lost. */
        @WithDefault("5s")
        Duration reconnectMax();

        /** How long the warm-up (readiness) waits for the first LISTEN; after it the replica is ready, its watches refused until it listens. */
        @WithDefault("10s")
        Duration listenWait();
    }

    interface WarmUp {
        /** Load the embedding model and run one match at start; readiness is DOWN until done. */
        @WithDefault("true")
        boolean enabled();
    }

    interface Defaults {
        @WithDefault("0.9")
        double confidenceThreshold();

        @WithDefault("5")
        int maxTurns();

        @WithDefault("eig")
        String strategy();

        @WithDefault("42")
        long seed();

        /** Value options listed per question at most (the rest fall under "none of these"). */
        @WithDefault("8")
        int maxOptions();

        /** Most candidates a Start accepts. */
        @WithDefault("2000")
        int maxCandidates();
    }

    /** What one call may ask of the dialogue's work (README, "What one call may cost"); past a bound it is INVALID_ARGUMENT. */
    interface Limits {
        /** Characters of the question of a Start, Choose or Recall (interpreter-svc's own bound, so all it passes on fits). */
        @WithDefault("2000")
        int maxQuestionLength();

        /** Characters of an Answer's free_text. */
        @WithDefault("2000")
        int maxReplyLength();

        /** Cells of the table the forks are found in: the readings times the distinct slot paths among them. */
        @WithDefault("100000")
        int maxForkCells();

        /** Values of all the forks between the readings together (each value's meaning is embedded for a pivot term). */
        @WithDefault("2000")
        int maxForkValues();

        /** How long one call's forks may take to name, at most ({@link dev.overtone.clarify.service.CallTime}). */
        @WithDefault("10s")
        Duration workTime();
    }

    interface Sessions {
        /** An open session untouched this long expires. */
        @WithDefault("30m")
        Duration idleTimeout();

        /** How often expired sessions are marked and old ones deleted. */
        @WithDefault("1m")
        Duration cleanupInterval();

        /** Finished (resolved, cancelled, expired) sessions are deleted this long after their last change. */
        @WithDefault("24h")
        Duration retention();
    }

    interface Mapping {
        Embedding embedding();

        interface Embedding {
            @WithDefault("true")
            boolean enabled();

            /** Cosine similarity the closest option must reach. */
            @WithDefault("0.35")
            double minSimilarity();

            /** ...and by how much it must beat the runner-up. */
            @WithDefault("0.04")
            double minMargin();
        }
    }

    interface Parser {
        /** Deadline of each parser-svc Analyze call. */
        @WithDefault("5s")
        Duration deadline();
    }
}
