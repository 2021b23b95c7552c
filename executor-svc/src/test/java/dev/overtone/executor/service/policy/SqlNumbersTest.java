package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Where each engine's tokenizer ends a number or a SQLite variable, on the edge cases of their grammars (PostgreSQL's
 * scan.l, SQLite's tokenize.c); the engines themselves judge generated text in LexerDifferentialTest. Each case is the
 * token's text as the engine reads it, from the start of the input.
 */
class SqlNumbersTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1_000 + 1 | 1_000",
            "1..2 | 1",              // the integer, then the dots
            "1.5e-3x | 1.5e-3x",     // junk straight after a number is part of its (erroneous) token
            "1e+ | 1e+",             // an error token of its own
            "1e5 | 1e5",
            "1.e5 | 1.e5",
            ".5) | .5",
            "0x1F+1 | 0x1F",
            "0xg | 0xg",             // junk after 0x: one token either way
            "0b101, | 0b101",
            "1__0 | 1__0",           // a second underscore is junk, read into the token
            "12abc | 12abc",
            "1$$ | 1"})              // a dollar quote may follow a number directly
    void postgresqlNumberTokens(String input, String token) {
        assertThat(input.substring(0, SqlNumbers.postgresNumberEnd(input, 0))).isEqualTo(token);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1_000 + 1 | 1_000",
            "1__0 | 1__0",
            "0x1F_2 | 0x1F_2",
            "0xg | 0xg",             // not hex: 0, then the identifier characters
            "1.5e-3) | 1.5e-3",
            "1e+ | 1e",              // the e is an identifier character; the sign is an operator
            "1.x | 1.x",
            "12abc | 12abc"})
    void sqliteNumberTokens(String input, String token) {
        assertThat(input.substring(0, SqlNumbers.sqliteNumberEnd(input, 0))).isEqualTo(token);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1_000 | 1000",
            "0x1F | 31",
            "0X1f | 31",
            "0o17 | 15",
            "0b101 | 5",
            "0xZZ | 0xZZ",           // not a number: left as written, the engine refuses it
            "1.5e-3 | 1.5e-3",
            "007 | 007"})
    void numbersAreReadForTheAnalysisAsJsqlparserReadsThem(String number, String read) {
        assertThat(SqlNumbers.numberForAnalysis(number)).isEqualTo(read);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "?12+1 | ?12",
            "? | ?",
            ":name, | :name",
            "$a::b::c x | $a::b::c",
            "$x(') AS p | $x(')",    // up to the ): it swallows the quote
            "$x( y) | $x(",          // a blank ends the suffix
            "$(x) | $",              // no name, no suffix
            "@v$1 | @v$1"})
    void sqliteVariableTokens(String input, String token) {
        assertThat(input.substring(0, SqlNumbers.sqliteVariableEnd(input, 0))).isEqualTo(token);
    }
}
