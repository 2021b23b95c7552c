package dev.overtone.infill.config;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/** Typed configuration of infill-svc; every key is documented in the module README. */
@ConfigMapping(prefix = "overtone.infill")
public interface InfillConfig {

    Model model();

    Structural structural();

    WarmUp warmUp();

    /** New readings per call when the request does not say (max_readings = 0). */
    @WithDefault("8")
    int maxReadings();

    /**
     * The longest question taken, in characters (interpreter-svc's and clarify-svc's own bound). A longer one is
     * INVALID_ARGUMENT: its words are sent to parser-svc and the model, and a question of 1 MB kept parser-svc busy
     * until infill's deadline cancelled it (2 s).
     */
    @WithDefault("2000")
    int maxQuestionLength();

    interface Model {
        /** Use the infilling model by default (a request's options.model wins). */
        @WithDefault("true")
        boolean enabled();

        /** OpenAI-compatible endpoint (vLLM) serving the infilling adapter; unset = model strategy off. */
        Optional<String> baseUrl();

        /** Model name sent to the endpoint: the LoRA adapter's name on vLLM. */
        @WithDefault("ambiqt-infill")
        String name();

        @WithDefault("EMPTY")
        String apiKey();

        /** Fault-tolerance timeout of one model call, in milliseconds. */
        @WithDefault("5000")
        long timeoutMs();

        /** Retries of a retryable failure (429, 5xx, connection), with jitter. */
        @WithDefault("1")
        int retries();
    }

    interface WarmUp {
        /** Send one Infill of a built-in example through this service's gRPC server at start; readiness is DOWN until done. */
        @WithDefault("true")
        boolean enabled();

        /** How long the warm-up waits for parser-svc to accept connections before it goes on without it. */
        @WithDefault("30s")
        Duration parserWait();
    }

    interface Structural {
        /** Use parser-svc Variants by default (a request's options.structural wins). */
        @WithDefault("true")
        boolean enabled();

        /** Readings (with SQL) whose variants are asked for, per call. */
        @WithDefault("4")
        int maxSources();

        /**
         * Whether a later round varies this call's own sibling swaps (variants of the table or column family: the
         * same query over a sibling table or column). Off: such a reading is offered, but not varied again, since its
         * variants would repeat the original's other changes under the sibling's name.
         */
        @WithDefault("false")
        boolean varySiblingSwaps();

        /** Variants asked of parser-svc per reading. */
        @WithDefault("6")
        int variantsPerReading();

        /** Deadline of one parser-svc call. */
        @WithDefault("2s")
        Duration timeout();

        /**
         * Calls (InfillRequest.call_id) whose varied readings are kept for their next round; the least recently
         * used go first. Only calls between rounds need a place: a few times the calls in flight.
         */
        @WithDefault("64")
        int keptCalls();

        /**
         * The most that is kept for all calls together, counted as the characters of their call ids, questions
         * and varied SQL plus the encoded size of parser-svc's variants; the least recently used go first, and a call
         * that alone needs more is not kept. A caller sets how large these are (up to the 4 MB message), so the
         * count of calls alone does not bound the memory.
         */
        @WithDefault("16M")
        MemorySize keptSize();

        /** How long a call's varied readings are kept: long enough for its next round, not for another call. */
        @WithDefault("30s")
        Duration keptFor();

        /** Budget of the whole structural strategy in one call. */
        @WithDefault("5s")
        Duration budget();
    }
}
