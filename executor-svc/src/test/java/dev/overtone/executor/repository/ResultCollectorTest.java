package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ValueType;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The result's caps: rows, bytes, columns and a cell's bytes, each cut where it is reached and said in the result. */
class ResultCollectorTest {

    private static ResultCollector collector(int maxRows, long maxBytes, int maxColumns, int maxCellBytes) {
        return new ResultCollector(new ExecutionLimits(5_000, System.nanoTime() + 5_000_000_000L, maxRows, maxBytes,
                maxColumns, maxCellBytes, 1_048_576));
    }

    private static ResultCollector oneColumn(int maxRows, long maxBytes) {
        ResultCollector collector = collector(maxRows, maxBytes, 10, 100);
        collector.columns(List.of(ResultCollector.column("a", "")));
        return collector;
    }

    private static List<Cell> row(String... texts) {
        return Arrays.stream(texts).map(text -> Cells.cell(ValueType.VALUE_TYPE_TEXT, text)).toList();
    }

    @Test
    void rowsPastTheRowLimitAreLeftOutAndTheResultSaysSo() {
        ResultCollector collector = oneColumn(2, 1_000);

        assertThat(collector.accept(row("x"))).isTrue();
        assertThat(collector.accept(row("y"))).isTrue();
        assertThat(collector.accept(row("z"))).isFalse();
        assertThat(collector.stopped()).isTrue();
        QueryResult result = collector.finish(0);
        assertThat(result.rows()).hasSize(2);
        assertThat(result.truncatedBy()).containsExactly(Truncation.MAX_ROWS);
    }

    @Test
    void aRowThatWouldPassTheByteLimitIsLeftOutAndTheBytesCountInUtf8() {
        ResultCollector collector = oneColumn(100, 10);

        assertThat(collector.accept(row("ééé"))).isTrue(); // 6 bytes, 3 characters
        assertThat(collector.accept(row("abcde"))).isFalse(); // 11 > 10
        assertThat(collector.accept(row("abcd"))).isTrue(); // a smaller row still fits: 10
        QueryResult result = collector.finish(0);
        assertThat(result.rows()).hasSize(2);
        assertThat(result.truncatedBy()).containsExactly(Truncation.MAX_BYTES);
    }

    @Test
    void moreColumnsThanTheLimitIsRefusedWithTheLimitNamed() {
        ResultCollector collector = collector(100, 1_000, 1, 100);

        assertThatThrownBy(() -> collector.columns(List.of(ResultCollector.column("a", ""), ResultCollector.column("b", ""))))
                .isInstanceOf(SandboxException.class).hasMessage("the result has 2 columns; the limit is 1");
    }

    @Test
    void aColumnWithoutADeclaredTypeTakesItsFirstNonNullCellsTypeAndAnAllNullColumnIsNull() {
        ResultCollector collector = collector(100, 1_000, 10, 100);
        collector.columns(List.of(ResultCollector.column("a", null), ResultCollector.column("b", "")));

        collector.accept(List.of(ResultCollector.NULL, ResultCollector.NULL));
        collector.accept(List.of(Cells.cell(ValueType.VALUE_TYPE_INTEGER, "3"), ResultCollector.NULL));
        collector.accept(List.of(Cells.cell(ValueType.VALUE_TYPE_TEXT, "x"), ResultCollector.NULL));
        assertThat(collector.finish(0).columns()).extracting(c -> c.getValueType())
                .containsExactly(ValueType.VALUE_TYPE_INTEGER, ValueType.VALUE_TYPE_NULL);
    }

    @Test
    void aCellTheEngineCouldNotCutIsCutHereAndFlagged() {
        ResultCollector collector = collector(100, 1_000, 10, 4);

        assertThat(collector.cutCell("abcdef").getText()).isEqualTo("abcd");
        assertThat(collector.cutCell("ab").getText()).isEqualTo("ab");
        assertThat(collector.finish(0).truncatedBy()).containsExactly(Truncation.MAX_CELL_BYTES);
    }

    @ParameterizedTest(name = "{0} cut to {1} bytes is {2}")
    @CsvSource({
            "abcdef, 4, abcd",
            "abc, 3, abc",
            "ééé, 5, éé",       // never half a character
            "€€, 5, €",          // 3-byte characters
            "a😀b, 4, a",        // a 4-byte character does not fit in 3 remaining bytes
            "a😀b, 5, a😀",
            "'', 0, ''",
    })
    void cutToBytesKeepsTheLongestPrefixOfWholeCharacters(String text, int maxBytes, String kept) {
        assertThat(ResultCollector.cutToBytes(text, maxBytes)).isEqualTo(kept);
    }
}
