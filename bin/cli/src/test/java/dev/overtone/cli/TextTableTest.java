package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Row;
import dev.overtone.proto.v1.ValueType;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A result printed as text: aligned columns, one line per row, and tenant data that cannot drive the terminal. */
class TextTableTest {

    private static String printed(TextTable table) {
        StringWriter printed = new StringWriter();
        table.print(new PrintWriter(printed, true), "  ");
        return printed.toString();
    }

    @Test
    void columnsAreAsWideAsTheirWidestCellAndNullIsSpelledOut() {
        TextTable table = TextTable.of(List.of(column("name"), column("stars")), List.of(
                Row.newBuilder().addCells(text("Grand Hotel")).addCells(text("5")).build(),
                Row.newBuilder().addCells(text("Inn")).addCells(Cell.newBuilder().setType(ValueType.VALUE_TYPE_NULL)).build()));

        assertThat(printed(table)).isEqualTo("""
                  name        | stars
                  ------------+------
                  Grand Hotel | 5
                  Inn         | NULL
                """);
    }

    @Test
    void aCellStaysOnOneLineAndItsControlCharactersArePrintedAsReplacements() {
        String hostile = "a\nb\tc\u001b[2J\u001b]0;title\u0007d\u009be";

        String out = printed(new TextTable(List.of("x")).add(List.of(hostile)));

        assertThat(out.lines()).hasSize(3);
        assertThat(out).doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\u009b")
                .contains("a b c\uFFFD[2J\uFFFD]0;title\uFFFDd\uFFFDe");
    }

    @Test
    void aLongCellIsClippedWithoutSplittingACharacter() {
        String emoji = "\uD83D\uDE00"; // one character, two UTF-16 units
        String clipped = TextTable.clip("x" + emoji.repeat(60));

        assertThat(clipped.codePointCount(0, clipped.length())).isEqualTo(40);
        assertThat(clipped).endsWith(emoji + "…");
        assertThat(TextTable.clip("y".repeat(40))).isEqualTo("y".repeat(40));
    }

    @Test
    void aRowWithFewerCellsThanColumnsPrintsBlanks() {
        assertThat(printed(new TextTable(List.of("a", "b")).add(List.of("1")))).endsWith("  1 |\n");
    }

    private static ResultColumn column(String name) {
        return ResultColumn.newBuilder().setName(name).build();
    }

    private static Cell text(String value) {
        return Cell.newBuilder().setType(ValueType.VALUE_TYPE_TEXT).setText(value).build();
    }
}
