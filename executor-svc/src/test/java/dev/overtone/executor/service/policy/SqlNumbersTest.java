package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.EngineKind;
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
            "POSTGRESQL | 1_000 + 1 | 1_000",
            "POSTGRESQL | 1..2      | 1",                      // the integer, then the dots
            "POSTGRESQL | 1.5e-3x   | 1.5e-3x",                // junk straight after a number is part of its (erroneous) token
            "POSTGRESQL | 1e+       | 1e+",                    // an error token of its own
            "POSTGRESQL | 1e5       | 1e5",
            "POSTGRESQL | 1.e5      | 1.e5",
            "POSTGRESQL | .5)       | .5",
            "POSTGRESQL | 0x1F+1    | 0x1F",
            "POSTGRESQL | 0xg       | 0xg",                    // junk after 0x: one token either way
            "POSTGRESQL | 0b101,    | 0b101",
            "POSTGRESQL | 1__0      | 1__0",                   // a second underscore is junk, read into the token
            "POSTGRESQL | 12abc     | 12abc",
            "POSTGRESQL | 1$$       | 1",                      // a dollar quote may follow a number directly
            "SQLITE     | 1_000 + 1 | 1_000",
            "SQLITE     | 1__0      | 1__0",
            "SQLITE     | 0x1F_2    | 0x1F_2",
            "SQLITE     | 0xg       | 0xg",                    // not hex: 0, then the identifier characters
            "SQLITE     | 1.5e-3)   | 1.5e-3",
            "SQLITE     | 1e+       | 1e",                     // the e is an identifier character; the sign is an operator
            "SQLITE     | 1.x       | 1.x",
            "SQLITE     | 12abc     | 12abc"})
    void numberTokens(EngineKind engine, String input, String token) {
        int end = engine == EngineKind.POSTGRESQL ? SqlNumbers.postgresNumberEnd(input, 0) : SqlNumbers.sqliteNumberEnd(input, 0);
        assertThat(input.substring(0, end)).isEqualTo(token);
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
