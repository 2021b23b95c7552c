package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ValueType;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.data.Numeric;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * An engine's value as the typed cell a caller reads: the same text for the same value from either engine (JDBC's
 * boxed numbers from SQLite, the reactive client's Numeric, Buffer and time types from PostgreSQL).
 */
class CellsTest {

    @Test
    void integersOfEveryWidthAreIntegerCells() {
        for (Object value : new Object[]{42L, 42, (short) 42, (byte) 42, BigInteger.valueOf(42)}) {
            assertThat(Cells.of(value)).as("%s", value.getClass().getSimpleName())
                    .isEqualTo(cell(ValueType.VALUE_TYPE_INTEGER, "42"));
        }
    }

    @Test
    void decimalsKeepTheirScaleAndNeverTurnScientific() {
        assertThat(Cells.of(2.5d)).isEqualTo(cell(ValueType.VALUE_TYPE_REAL, "2.5"));
        assertThat(Cells.of(new BigDecimal("1.50"))).isEqualTo(cell(ValueType.VALUE_TYPE_REAL, "1.50"));
        assertThat(Cells.of(new BigDecimal("1E+3"))).isEqualTo(cell(ValueType.VALUE_TYPE_REAL, "1000"));
    }

    @Test
    void postgresNumericIsAnIntegerOnlyWhenItHasNoFraction() {
        assertThat(Cells.of(Numeric.create(new BigDecimal("7")))).isEqualTo(cell(ValueType.VALUE_TYPE_INTEGER, "7"));
        assertThat(Cells.of(Numeric.create(new BigDecimal("7.25")))).isEqualTo(cell(ValueType.VALUE_TYPE_REAL, "7.25"));
        assertThat(Cells.of(Numeric.create(new BigDecimal("1E+2")))).isEqualTo(cell(ValueType.VALUE_TYPE_INTEGER, "100"));
        assertThat(Cells.of(Numeric.NaN)).isEqualTo(cell(ValueType.VALUE_TYPE_REAL, "NaN"));
    }

    @Test
    void timestampsReadAsPostgresPrintsThem() {
        assertThat(Cells.of(LocalDateTime.of(2026, 11, 27, 9, 5, 0))).isEqualTo(cell(ValueType.VALUE_TYPE_TIMESTAMP, "2026-11-27 09:05:00"));
        assertThat(Cells.of(LocalDateTime.of(2026, 11, 27, 9, 5, 0, 120_000_000)))
                .isEqualTo(cell(ValueType.VALUE_TYPE_TIMESTAMP, "2026-11-27 09:05:00.12"));
        assertThat(Cells.of(OffsetDateTime.of(2026, 11, 27, 9, 5, 0, 0, ZoneOffset.ofHours(2))))
                .isEqualTo(cell(ValueType.VALUE_TYPE_TIMESTAMP, "2026-11-27 09:05:00+02:00"));
        assertThat(Cells.of(LocalDate.of(2026, 11, 27))).isEqualTo(cell(ValueType.VALUE_TYPE_DATE, "2026-11-27"));
    }

    @Test
    void bytesFromEitherEngineAreTheSameHexBlob() {
        Cell fromSqlite = Cells.of(new byte[]{0x00, 0x1f, (byte) 0xff});
        assertThat(fromSqlite).isEqualTo(cell(ValueType.VALUE_TYPE_BLOB, "001fff"));
        assertThat(Cells.of(Buffer.buffer(new byte[]{0x00, 0x1f, (byte) 0xff}))).isEqualTo(fromSqlite);
    }

    @Test
    void nullTextBooleansAndTheRestEachHaveTheirType() {
        assertThat(Cells.of(null)).isEqualTo(ResultCollector.NULL);
        assertThat(Cells.of("")).isEqualTo(cell(ValueType.VALUE_TYPE_TEXT, ""));
        assertThat(Cells.of(true)).isEqualTo(cell(ValueType.VALUE_TYPE_BOOLEAN, "true"));
        UUID id = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
        assertThat(Cells.of(id)).isEqualTo(cell(ValueType.VALUE_TYPE_TEXT, id.toString()));
        assertThat(Cells.of(new Integer[]{1, 2})).isEqualTo(cell(ValueType.VALUE_TYPE_TEXT, "[1, 2]"));
        assertThat(Cells.of(java.time.Duration.ofSeconds(90))).isEqualTo(cell(ValueType.VALUE_TYPE_OTHER, "PT1M30S"));
    }

    private static Cell cell(ValueType type, String text) {
        return Cell.newBuilder().setType(type).setText(text).build();
    }
}
