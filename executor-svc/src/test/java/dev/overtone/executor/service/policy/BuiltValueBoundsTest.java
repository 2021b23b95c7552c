package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Builders of large values take only small literal sizes, never nest, and stay out of uninterruptible scans. */
class BuiltValueBoundsTest {
    private static final long MAX = 1000;

    private static final RuleVerdicts RULE = new RuleVerdicts(BuiltValueBoundsTest::check,
            "refused by rule unbounded-value", "(overtone.executor.policy.max-built-length)");

    private static void check(EngineKind engine, String sql) {
        TokenView tokens = new TokenView(SqlLexer.lex(sql, engine).tokens());
        new BuiltValueBounds(engine, MAX).check(tokens, CallSites.find(tokens));
    }

    /** Each case: the engine, the statement, and {@code allowed} or what its refusal says. */
    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @CsvSource(delimiter = ';', nullValues = RuleVerdicts.ALLOWED, textBlock = """
            # a size must be an integer literal within the bound
            POSTGRESQL ; SELECT lpad(name, 1000, '*') FROM t                ; allowed
            POSTGRESQL ; SELECT lpad(name, 1001, '*') FROM t                ; at most 1000, not 1001
            POSTGRESQL ; SELECT rpad(name, n, '*') FROM t                   ; rpad's size must be an integer literal
            POSTGRESQL ; SELECT lpad(name, 99999999999999999999) FROM t     ; not a larger one
            SQLITE     ; SELECT zeroblob(1000)                              ; allowed
            SQLITE     ; SELECT randomblob(length(name)) FROM t             ; randomblob's size
            # repeat counts the length of a literal text
            POSTGRESQL ; SELECT repeat('ab', 500)                           ; allowed
            POSTGRESQL ; SELECT repeat('abc', 500)                          ; repeat would build 1500 characters
            POSTGRESQL ; SELECT repeat(name, 1000) FROM t                   ; allowed
            # builders may not nest
            POSTGRESQL ; SELECT lpad(repeat('a', 10), 10)                   ; repeat stands inside lpad's arguments
            POSTGRESQL ; SELECT rpad(lpad(name, 5), 10) FROM t              ; lpad stands inside rpad's arguments
            # a PostgreSQL scan that ignores the time limit may not hold a builder
            POSTGRESQL ; SELECT strpos(repeat('a', 900), 'b')               ; repeat stands inside strpos
            POSTGRESQL ; SELECT strpos(name, 'b'), repeat('a', 9) FROM t    ; allowed
            SQLITE     ; SELECT replace(zeroblob(10), 'a', 'b')             ; allowed
            # SQLite's format widths are literal and bounded
            SQLITE     ; SELECT printf('%-1000d|%.3f%%', a, b) FROM t       ; allowed
            SQLITE     ; SELECT printf('%1001d', a) FROM t                  ; width or precision is larger than 1000
            SQLITE     ; SELECT format('%.2000f', a) FROM t                 ; larger than 1000
            SQLITE     ; SELECT printf('%*d', 5, a) FROM t                  ; (*)
            SQLITE     ; SELECT printf(f, a) FROM t                         ; printf's format must be a string literal
            SQLITE     ; SELECT printf('%%1001d', a) FROM t                 ; allowed
            POSTGRESQL ; SELECT format('%1001s', a) FROM t                  ; allowed
            """)
    void refusesABuiltValueBeyondItsBoundsAndLetsTheRestThrough(EngineKind engine, String sql, String refusal) {
        RULE.assertVerdict(engine, sql, refusal);
    }
}
