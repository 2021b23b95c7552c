package dev.overtone.executor.repository;

import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ValueType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.HexFormat;

/** Renders engine values as typed cells, the same way for both engines (see Cell in common.proto). */
final class Cells {
    /** PostgreSQL's own text form, which is also how SQLite applications store timestamps. */
    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd HH:mm:ss").appendFraction(ChronoField.MICRO_OF_SECOND, 0, 6, true)
            .toFormatter();

    private Cells() {
    }

    static Cell of(Object engineValue) {
        Object value = plain(engineValue);
        if (value == null) {
            return ResultCollector.NULL;
        }
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte
                || value instanceof BigInteger) {
            return cell(ValueType.VALUE_TYPE_INTEGER, value.toString());
        }
        if (value instanceof Double || value instanceof Float) {
            return cell(ValueType.VALUE_TYPE_REAL, value.toString());
        }
        if (value instanceof BigDecimal decimal) {
            return cell(ValueType.VALUE_TYPE_REAL, decimal.toPlainString());
        }
        if (value instanceof Number number) { // io.vertx.sqlclient.data.Numeric and friends
            return numeric(number);
        }
        if (value instanceof String text) {
            return cell(ValueType.VALUE_TYPE_TEXT, text);
        }
        if (value instanceof Boolean bool) {
            return cell(ValueType.VALUE_TYPE_BOOLEAN, bool.toString());
        }
        if (value instanceof LocalDate date) {
            return cell(ValueType.VALUE_TYPE_DATE, date.toString());
        }
        if (value instanceof LocalDateTime timestamp) {
            return cell(ValueType.VALUE_TYPE_TIMESTAMP, TIMESTAMP.format(timestamp));
        }
        if (value instanceof OffsetDateTime timestamp) {
            return cell(ValueType.VALUE_TYPE_TIMESTAMP, TIMESTAMP.format(timestamp) + timestamp.getOffset());
        }
        if (value instanceof byte[] bytes) {
            return cell(ValueType.VALUE_TYPE_BLOB, HexFormat.of().formatHex(bytes));
        }
        return cell(ValueType.VALUE_TYPE_OTHER, value.toString());
    }

    /** The reactive client's own value types as plain Java values. */
    private static Object plain(Object value) {
        if (value instanceof io.vertx.core.buffer.Buffer buffer) {
            return buffer.getBytes();
        }
        if (value instanceof io.vertx.mutiny.core.buffer.Buffer buffer) {
            return buffer.getBytes();
        }
        if (value instanceof java.util.UUID uuid) {
            return uuid.toString();
        }
        if (value instanceof Object[] array) {
            return java.util.Arrays.toString(array);
        }
        return value;
    }

    private static Cell numeric(Number number) {
        String text = number.toString();
        try {
            BigDecimal decimal = new BigDecimal(text);
            boolean integral = decimal.scale() <= 0;
            return cell(integral ? ValueType.VALUE_TYPE_INTEGER : ValueType.VALUE_TYPE_REAL, decimal.toPlainString());
        } catch (NumberFormatException e) {
            return cell(ValueType.VALUE_TYPE_REAL, text); // NaN
        }
    }

    static Cell cell(ValueType type, String text) {
        return Cell.newBuilder().setType(type).setText(text).build();
    }

    /** A cell's value as plain text, for sample values. */
    static String text(Object value) {
        return of(value).getText();
    }
}
