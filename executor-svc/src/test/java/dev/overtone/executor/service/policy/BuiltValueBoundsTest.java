package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import org.junit.jupiter.api.Test;

/** Builders of large values take only small literal sizes, never nest, and stay out of uninterruptible scans. */
class BuiltValueBoundsTest {
    private static final long MAX = 1000;

    private static final RuleVerdicts RULE = new RuleVerdicts(BuiltValueBoundsTest::check,
            "refused by rule unbounded-value", "(overtone.executor.policy.max-built-length)");

    private static void check(EngineKind engine, String sql) {
        TokenView tokens = new TokenView(SqlLexer.lex(sql, engine).tokens());
        new BuiltValueBounds(engine, MAX).check(tokens, CallSites.find(tokens));
    }

    @Test
    void aSizeMustBeAnIntegerLiteralWithinTheBound() {
        RULE.assertAllowed(EngineKind.POSTGRESQL, "SELECT lpad(name, 1000, '*') FROM t");
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT lpad(name, 1001, '*') FROM t", "at most 1000, not 1001");
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT rpad(name, n, '*') FROM t", "rpad's size must be an integer literal");
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT lpad(name, 99999999999999999999) FROM t", "not a larger one");
        RULE.assertAllowed(EngineKind.SQLITE, "SELECT zeroblob(1000)");
        RULE.assertRefused(EngineKind.SQLITE, "SELECT randomblob(length(name)) FROM t", "randomblob's size");
    }

    @Test
    void repeatCountsTheLengthOfALiteralText() {
        RULE.assertAllowed(EngineKind.POSTGRESQL, "SELECT repeat('ab', 500)");
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT repeat('abc', 500)", "repeat would build 1500 characters");
        RULE.assertAllowed(EngineKind.POSTGRESQL, "SELECT repeat(name, 1000) FROM t");
    }

    @Test
    void buildersMayNotNest() {
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT lpad(repeat('a', 10), 10)", "repeat stands inside lpad's arguments");
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT rpad(lpad(name, 5), 10) FROM t", "lpad stands inside rpad's arguments");
    }

    @Test
    void aPostgresqlScanThatIgnoresTheTimeLimitMayNotHoldABuilder() {
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT strpos(repeat('a', 900), 'b')", "repeat stands inside strpos");
        RULE.assertAllowed(EngineKind.POSTGRESQL, "SELECT strpos(name, 'b'), repeat('a', 9) FROM t");
        RULE.assertAllowed(EngineKind.SQLITE, "SELECT replace(zeroblob(10), 'a', 'b')");
    }

    @Test
    void sqliteFormatWidthsAreLiteralAndBounded() {
        RULE.assertAllowed(EngineKind.SQLITE, "SELECT printf('%-1000d|%.3f%%', a, b) FROM t");
        RULE.assertRefused(EngineKind.SQLITE, "SELECT printf('%1001d', a) FROM t", "width or precision is larger than 1000");
        RULE.assertRefused(EngineKind.SQLITE, "SELECT format('%.2000f', a) FROM t", "larger than 1000");
        RULE.assertRefused(EngineKind.SQLITE, "SELECT printf('%*d', 5, a) FROM t", "(*)");
        RULE.assertRefused(EngineKind.SQLITE, "SELECT printf(f, a) FROM t", "printf's format must be a string literal");
        RULE.assertAllowed(EngineKind.SQLITE, "SELECT printf('%%1001d', a) FROM t");
        RULE.assertAllowed(EngineKind.POSTGRESQL, "SELECT format('%1001s', a) FROM t");
    }
}
