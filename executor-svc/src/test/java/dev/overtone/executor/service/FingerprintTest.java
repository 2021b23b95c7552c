package dev.overtone.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.Row;
import dev.overtone.proto.v1.ValueType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Pairs of results that must and must not share a fingerprint, by the scorer's rule (ambrosia_eval.py). */
class FingerprintTest {

    @Test
    void numbersCompareByValue() {
        assertSame(rows(row(integer("1"))), rows(row(real("1.0"))), false);
        assertSame(rows(row(real("4.50"))), rows(row(real("4.5"))), false);
        assertSame(rows(row(real("120.00"))), rows(row(integer("120"))), false);
        assertSame(rows(row(real("1.0E2"))), rows(row(integer("100"))), false);
        assertSame(rows(row(real("-0.0"))), rows(row(integer("0"))), false);
        assertSame(rows(row(bool(true))), rows(row(integer("1"))), false);
        assertDifferent(rows(row(real("0.1"))), rows(row(real("0.10000001"))), false);
    }

    @Test
    void textIsNotANumberAndNullIsExplicit() {
        assertDifferent(rows(row(integer("1"))), rows(row(text("1"))), false);
        assertDifferent(rows(row(nul())), rows(row(text(""))), false);
        assertDifferent(rows(row(nul())), rows(row(integer("0"))), false);
        assertDifferent(rows(row(text("a"), nul())), rows(row(text("a"))), false);
        assertDifferent(rows(row(blob("61"))), rows(row(text("a"))), false);
        assertSame(rows(row(nul(), text("x"))), rows(row(text("x"), nul())), false);
    }

    @Test
    void unorderedResultsAreAMultisetOfCells() {
        // row order, column order and even row boundaries do not count (flattened cells)
        assertSame(rows(row(text("a"), integer("1")), row(text("b"), integer("2"))),
                rows(row(integer("2"), text("b")), row(integer("1"), text("a"))), false);
        assertSame(rows(row(text("a"), integer("2")), row(text("b"), integer("1"))),
                rows(row(text("a"), integer("1")), row(text("b"), integer("2"))), false);
        assertSame(rows(row(text("a"), text("b"))), rows(row(text("a")), row(text("b"))), false);
        // but multiplicity counts
        assertDifferent(rows(row(text("a")), row(text("a"))), rows(row(text("a"))), false);
        assertDifferent(rows(row(text("a")), row(text("b"))), rows(row(text("a")), row(text("c"))), false);
    }

    @Test
    void orderedResultsAreASequenceOfRowBags() {
        assertDifferent(rows(row(text("a")), row(text("b"))), rows(row(text("b")), row(text("a"))), true);
        // columns inside a row still do not count
        assertSame(rows(row(text("a"), integer("1")), row(text("b"), integer("2"))),
                rows(row(integer("1"), text("a")), row(integer("2"), text("b"))), true);
        // the pairing of cells into rows counts when ordered
        assertDifferent(rows(row(text("a"), integer("2")), row(text("b"), integer("1"))),
                rows(row(text("a"), integer("1")), row(text("b"), integer("2"))), true);
        assertDifferent(rows(row(text("a"), text("b"))), rows(row(text("a")), row(text("b"))), true);
    }

    @Test
    void orderedAndUnorderedOfTheSameRowsCarryBothHashes() {
        List<Row> rows = rows(row(text("a")), row(text("b")));
        Fingerprint ordered = Fingerprint.of(rows, true);
        Fingerprint unordered = Fingerprint.of(rows, false);
        assertThat(ordered.value()).isEqualTo(ordered.rowSequence()).isNotEqualTo(unordered.value());
        assertThat(unordered.value()).isEqualTo(unordered.cellMultiset()).isEqualTo(ordered.cellMultiset());
    }

    @Test
    void emptyResultsAreMarked() {
        assertThat(Fingerprint.of(List.of(), false).value()).isEqualTo(Fingerprint.EMPTY);
        assertThat(Fingerprint.of(List.of(), true).value()).isEqualTo(Fingerprint.EMPTY);
        assertThat(Fingerprint.of(rows(row(nul())), false).value()).isNotEqualTo(Fingerprint.EMPTY);
        assertThat(Fingerprint.of(rows(row()), false).value()).isNotEqualTo(Fingerprint.EMPTY);
    }

    @Test
    void fingerprintIsStable() {
        assertThat(Fingerprint.of(rows(row(text("Grand Plaza"), integer("5"))), false).value())
                .isEqualTo(Fingerprint.of(rows(row(text("Grand Plaza"), integer("5"))), false).value())
                .hasSize(64);
    }

    private static void assertSame(List<Row> a, List<Row> b, boolean ordered) {
        assertThat(Fingerprint.of(a, ordered).value()).as("%s vs %s", a, b).isEqualTo(Fingerprint.of(b, ordered).value());
    }

    private static void assertDifferent(List<Row> a, List<Row> b, boolean ordered) {
        assertThat(Fingerprint.of(a, ordered).value()).as("%s vs %s", a, b)
                .isNotEqualTo(Fingerprint.of(b, ordered).value());
    }

    private static List<Row> rows(Row... rows) {
        return List.of(rows);
    }

    private static Row row(Cell... cells) {
        return Row.newBuilder().addAllCells(List.of(cells)).build();
    }

    private static Cell integer(String text) {
        return Cell.newBuilder().setType(ValueType.VALUE_TYPE_INTEGER).setText(text).build();
    }

    private static Cell real(String text) {
        return Cell.newBuilder().setType(ValueType.VALUE_TYPE_REAL).setText(text).build();
    }

    private static Cell text(String text) {
        return Cell.newBuilder().setType(ValueType.VALUE_TYPE_TEXT).setText(text).build();
    }

    private static Cell blob(String hex) {
        return Cell.newBuilder().setType(ValueType.VALUE_TYPE_BLOB).setText(hex).build();
    }

    private static Cell bool(boolean value) {
        return Cell.newBuilder().setType(ValueType.VALUE_TYPE_BOOLEAN).setText(Boolean.toString(value)).build();
    }

    private static Cell nul() {
        return Cell.newBuilder().setType(ValueType.VALUE_TYPE_NULL).build();
    }
}
