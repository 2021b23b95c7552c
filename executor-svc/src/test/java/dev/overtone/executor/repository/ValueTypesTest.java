package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.ValueType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A declared column type as the contract's value type: SQLite's affinity rules (their order decides: "INT" anywhere
 * is an integer, even in "FLOATING POINT", as sqlite.org's datatype page says) and the names PostgreSQL's
 * format_type() prints, whose values the executor sends as text (intervals, arrays, times of day, JSON, points).
 */
class ValueTypesTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "integer | VALUE_TYPE_INTEGER",
            "bigint | VALUE_TYPE_INTEGER",
            "INT8 | VALUE_TYPE_INTEGER",
            "oid | VALUE_TYPE_INTEGER",
            "FLOATING POINT | VALUE_TYPE_INTEGER",
            "character varying(40) | VALUE_TYPE_TEXT",
            "NVARCHAR(10) | VALUE_TYPE_TEXT",
            "text | VALUE_TYPE_TEXT",
            "uuid | VALUE_TYPE_TEXT",
            "name | VALUE_TYPE_TEXT",
            "boolean | VALUE_TYPE_BOOLEAN",
            "date | VALUE_TYPE_DATE",
            "timestamp without time zone | VALUE_TYPE_TIMESTAMP",
            "timestamp(3) with time zone | VALUE_TYPE_TIMESTAMP",
            "DATETIME | VALUE_TYPE_TIMESTAMP",
            "numeric(10,2) | VALUE_TYPE_REAL",
            "double precision | VALUE_TYPE_REAL",
            "REAL | VALUE_TYPE_REAL",
            "DECIMAL | VALUE_TYPE_REAL",
            "bytea | VALUE_TYPE_BLOB",
            "BLOB | VALUE_TYPE_BLOB",
            "interval | VALUE_TYPE_OTHER",
            "integer[] | VALUE_TYPE_OTHER",
            "point | VALUE_TYPE_OTHER",
            "jsonb | VALUE_TYPE_OTHER",
            "time without time zone | VALUE_TYPE_OTHER",
            "time with time zone | VALUE_TYPE_OTHER",
            "time(0) | VALUE_TYPE_OTHER",
            "money | VALUE_TYPE_OTHER",
    })
    void aDeclaredTypeMapsAsTheEnginesReadIt(String declared, ValueType expected) {
        assertThat(ValueTypes.fromDeclared(declared)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(value = {"''", "'  '"})
    void anExpressionWithoutDeclaredTypeIsOther(String declared) {
        assertThat(ValueTypes.fromDeclared(declared)).isEqualTo(ValueType.VALUE_TYPE_OTHER);
        assertThat(ValueTypes.fromDeclared(null)).isEqualTo(ValueType.VALUE_TYPE_OTHER);
    }
}
