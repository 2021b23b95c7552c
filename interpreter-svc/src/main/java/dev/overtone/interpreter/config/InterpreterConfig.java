package dev.overtone.interpreter.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/** Typed configuration of interpreter-svc; every key is documented in the module README. */
@ConfigMapping(prefix = "overtone.interpreter")
public interface InterpreterConfig {

    Budget budget();

    Schema schema();

    Pipeline pipeline();

    Infill infill();

    Llm llm();

    Limits limits();

    Unanswerable unanswerable();

    Memory memory();

    /** The tenant's remembered choices (clarify-svc Recall): README, "Memory". */
    interface Memory {
        /** Read the tenant's memory for answers with two or more readings (a caller's ignore_memory leaves it out per call). */
        @WithDefault("true")
        boolean enabled();

        /**
         * B: a remembered choice counts as B:1 evidence for the readings that agree with it, and they hold at least B/(B+1)
         * of the probability (at least 2; README, "Memory", says how 19 was chosen).
         */
        @WithDefault("19")
        double boost();

        /**
         * How many clarify-svc Remembers may be out at once; the calls that arrive while all are out ask together in the
         * next (at least 1).
         */
        @WithDefault("1")
        int asksInFlight();

        /** WatchMemory: which databases remember anything, pushed by clarify-svc (README, "Memory"). */
        Watch watch();
    }

    interface Watch {
        /** Follow clarify-svc's WatchMemory and answer "does this database remember anything" locally while it is synced. */
        @WithDefault("true")
        boolean enabled();

        /** The first pause after a watch that failed before its snapshot was complete; doubled each time, up to backoff-max. */
        @WithDefault("100ms")
        Duration backoffMin();

        @WithDefault("5s")
        Duration backoffMax();

        /**
         * Recall answers kept while the watch is synced, for the same request, until the database records or forgets a
         * choice, the stream is subscribed again, one of its choices expires, or the answer is evicted: this many at most
         * (0 keeps none; each holds its request, a few KB).
         */
        @WithDefault("2000")
        int keptRecalls();

        /**
         * No answer is kept for a database until this long after the watch last told of a change in it, or synced: every
         * clarify-svc replica should have heard of it by then (they hear it from PostgreSQL within milliseconds).
         */
        @WithDefault("2s")
        Duration keepAfterChange();
    }

    /** When an answer may say OUTCOME_UNANSWERABLE (AbsentTerms). */
    interface Unanswerable {
        /**
         * A question is unanswerable only when none of its content terms is grounded by spelling and none comes
         * this close in meaning (MiniLM cosine) to a table or column name; fitted with database-held-out folds
         * (README, "Unanswerable").
         */
        @WithDefault("0.43")
        double minSimilarity();
    }

    /** What one request may ask for; more is INVALID_ARGUMENT naming the limit. */
    interface Limits {
        /**
         * Caller defaults (text and/or SQL) per request: a bound against abuse only, far above what a model
         * sampled many times sends; how many are judged is {@link Pipeline#maxCandidates()}.
         */
        @WithDefault("1000")
        int maxDefaults();

        /** Characters of the question. */
        @WithDefault("2000")
        int maxQuestionLength();

        /** Characters of one caller default's SQL or text. */
        @WithDefault("100000")
        int maxDefaultLength();
    }

    interface Budget {
        /** Whole-call budget when the caller sets no gRPC deadline (and the cap when it sets a longer one). */
        @WithDefault("20s")
        Duration total();

        /** Kept back from the caller's deadline to build and send the answer. */
        @WithDefault("50ms")
        Duration reserve();

        @WithDefault("3s")
        Duration describe();

        @WithDefault("10s")
        Duration parse();

        @WithDefault("5s")
        Duration execute();

        @WithDefault("2s")
        Duration analyze();

        @WithDefault("2s")
        Duration verbalize();

        @WithDefault("8s")
        Duration infill();

        @WithDefault("3s")
        Duration clarify();

        /**
         * clarify-svc's Recall: the cap of a clarify-svc call, as Start's. Warm it answers in milliseconds (bench memory),
         * but a cold clarify-svc's first Recall took over 1 s on a loaded machine. Later, the answer goes on without memory.
         */
        @WithDefault("3s")
        Duration recall();

        /** The infill loop starts another round only with at least this much budget left. */
        @WithDefault("300ms")
        Duration infillMinimum();
    }

    interface Schema {
        /** How long a described schema is reused before executor-svc is asked again. */
        @WithDefault("60s")
        Duration cacheTtl();
    }

    interface Pipeline {
        /**
         * Distinct caller candidates (identical SQL counted once) one call judges: the first ones in the caller's
         * order; the rest are not run, and the answer says so (DEGRADATION_CAUSE_CANDIDATES_CUT).
         */
        @WithDefault("64")
        int maxCandidates();

        /** Downstream calls (parse, execute, analyze, verbalize) one Interpret runs at once. */
        @WithDefault("8")
        int concurrency();

        /** Threads shared by all calls for downstream work. */
        @WithDefault("32")
        int threads();

        /** Rows per result preview when the caller does not say. */
        @WithDefault("5")
        int previewRows();

        /** Row limit asked of executor-svc per statement. */
        @WithDefault("1000")
        int maxRows();

        /** Bytes of cell text asked of executor-svc per statement (an eighth of its own default). */
        @WithDefault("524288")
        long maxBytes();

        /** Bytes of results (as executor-svc sent them) the replica holds for all calls at once (HeldResults). */
        @WithDefault("67108864")
        long heldBytes();

        /**
         * Statements per ExecuteBatch call: at most executor-svc's overtone.executor.batch.max-statements, and
         * few enough that max-batch answers of max-bytes each fit the executor client's inbound message size.
         */
        @WithDefault("16")
        int maxBatch();
    }

    interface Infill {
        /** Ask infill-svc by default (the caller's option wins). */
        @WithDefault("true")
        boolean enabled();

        /** Infill rounds at most per call. */
        @WithDefault("2")
        int maxRounds();

        /** New readings asked of infill-svc per round. */
        @WithDefault("8")
        int maxReadings();
    }

    interface Llm {
        /** OpenAI-compatible endpoint for default interpretations; unset = no LLM (caller SQL only). */
        Optional<String> baseUrl();

        /** Model name sent to the endpoint. */
        @WithDefault("meta-llama/Llama-3.1-8B-Instruct")
        String model();

        /** API key (vLLM ignores it; OpenAI needs it). */
        @WithDefault("EMPTY")
        String apiKey();

        /** Fault-tolerance timeout of one LLM call, in milliseconds. */
        @WithDefault("8000")
        long timeoutMs();

        /** Retries of a retryable failure (429, 5xx, connection, timeout, cut-off or unreadable body), with jitter. */
        @WithDefault("1")
        int retries();

        /** Calls the circuit breaker judges at a time (its rolling window). */
        @WithDefault("20")
        int circuitWindow();

        /** Share of failed calls in the window that opens the circuit. */
        @WithDefault("0.75")
        double circuitFailureRatio();

        /** Upper bound on the default interpretations kept from the model's list. */
        @WithDefault("6")
        int maxDefaults();
    }
}
