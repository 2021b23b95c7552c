package dev.overtone.bench.sqlite;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class IdentifiersTest {

    /** A name as a dump writes it, and the name SQLite reads: each of its quotes comes off, a doubled quote undone. */
    static Stream<Arguments> written() {
        return Stream.of(
                arguments(" \"Hotel \"\"Name\"\"\" ", "Hotel \"Name\""),
                arguments("`a``b`", "a`b"),
                arguments("[Order Details]", "Order Details"),
                arguments("hotels", "hotels"),
                // a quote that does not close is part of the name
                arguments("\"open", "\"open"),
                arguments("\"a`", "\"a`"),
                arguments("\"", "\""));
    }

    @ParameterizedTest
    @MethodSource("written")
    void aWrittenNameIsReadAsSqliteReadsIt(String written, String name) {
        assertThat(Identifiers.unquote(written)).isEqualTo(name);
    }

    @ParameterizedTest
    @MethodSource("written")
    void quotingANameDoublesItsQuotesSoUnquotingGivesItBack(String ignored, String name) {
        assertThat(Identifiers.unquote(Identifiers.quote(name))).isEqualTo(name);
        assertThat(Identifiers.quote(name)).startsWith("\"").endsWith("\"");
    }
}
