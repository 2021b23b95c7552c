package dev.overtone.parser.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/** parser-svc configuration (prefix {@code overtone.parser}); every knob is in the README. */
@ConfigMapping(prefix = "overtone.parser")
public interface ParserConfig {

    Llm llm();

    Variants variants();

    WarmUp warmUp();

    interface WarmUp {
        /** Load MiniLM and run Analyze + Variants on a built-in example at start; readiness is DOWN until done. */
        @WithDefault("true")
        boolean enabled();

        /**
         * VariantsBatch calls after the first, each a batch of several statements and a question of new words (the
         * shape of interpreter-svc's calls), so the variant families and MiniLM's tokenizer are compiled before SERVING.
         */
        @WithDefault("3")
        int rounds();

        /** Those rounds stop once the warm-up has taken this long. */
        @WithDefault("400ms")
        java.time.Duration budget();
    }

    Repair repair();

    Limits limits();

    interface Limits {
        /**
         * The longest a call that uses no model (Analyze, Variants, their batches, Verbalize) may work on its SQL
         * (checked at each parse and each comparison of names by meaning), also when its caller sets no deadline; a
         * call that reaches it fails with DEADLINE_EXCEEDED naming this knob. Parse and Repair, which may wait on the
         * model, are not held to it.
         */
        @WithDefault("10s")
        Duration workTime();
    }

    interface Repair {
        /** Repaired SQLs returned when the request asks for 0. */
        @WithDefault("4")
        int defaultMax();
    }

    interface Llm {
        /** OpenAI-compatible endpoint, e.g. http://localhost:8000/v1 (vLLM). Parse answers FAILED_PRECONDITION when absent. */
        Optional<String> baseUrl();

        @WithDefault("default")
        String model();

        Optional<String> apiKey();

        @WithDefault("0")
        double temperature();

        @WithDefault("512")
        int maxTokens();

        @WithDefault("30s")
        Duration timeout();

        /**
         * Retries of one model call that failed for a passing reason (timeout, HTTP 429/5xx, a cut-off or
         * unreadable body, a dropped connection); never of a 4xx.
         */
        @WithDefault("1")
        int retries();

        /** Re-asks after an invalid answer (syntax error, unknown table or column). */
        @WithDefault("2")
        int maxRepairs();
    }

    interface Variants {
        /** Variants returned when the request asks for 0. */
        @WithDefault("8")
        int defaultMax();

        /** Use the in-process MiniLM model for meaning-based name closeness (lexical only when false). */
        @WithDefault("true")
        boolean embeddings();

        @WithDefault("50000")
        int embeddingCacheSize();

        /** Combinations of two of a batch's readings (family "combination") per VariantsBatch; 0 turns them off. */
        @WithDefault("3")
        int maxCombinations();
    }
}
