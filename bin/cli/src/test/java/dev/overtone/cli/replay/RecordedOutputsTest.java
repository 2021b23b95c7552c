package dev.overtone.cli.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordedOutputsTest {
    @TempDir
    Path dir;

    @Test
    void eachInterpretationKeepsEverySqlWrittenForItOrElseItsOneSql() throws IOException {
        RecordedOutputs recorded = RecordedOutputs.read(file("""
                {"id": "h1", "question": "the rating of each hotel", "default_model": "llama", "sql_model": "coder", "defaults": [\
                {"interpretation": "the stars", "sql": "SELECT stars FROM hotels", "sqls": ["SELECT stars FROM hotels", null, " ", "SELECT name, stars FROM hotels"]},\
                {"interpretation": "the review score", "sql": "SELECT avg(score) FROM reviews"},\
                {"interpretation": "the price", "sql": null},\
                {"interpretation": "  ", "sql": "SELECT 1"}]}

                {"question": "how many flights", "default_model": "llama"}
                """));

        assertThat(recorded.models()).containsExactlyInAnyOrder("llama", "coder");
        assertThat(recorded.questions()).hasSize(2);
        RecordedOutputs.Question hotels = recorded.questions().get(0);
        assertThat(hotels.id()).isEqualTo("h1");
        assertThat(hotels.interpretations()).containsExactly(
                new RecordedOutputs.Interpretation("the stars", java.util.List.of("SELECT stars FROM hotels", "SELECT name, stars FROM hotels")),
                new RecordedOutputs.Interpretation("the review score", java.util.List.of("SELECT avg(score) FROM reviews")),
                new RecordedOutputs.Interpretation("the price", java.util.List.of()));
        RecordedOutputs.Question flights = recorded.questions().get(1);
        assertThat(flights.id()).as("named after its line when it has no id").isEqualTo("line-3");
        assertThat(flights.interpretations()).isEmpty();
    }

    @Test
    void aLineThatIsNotAnExampleIsRefusedByItsNumber() throws IOException {
        Path bad = file("{\"question\": \"q\"}\n{\"id\": \"x\"}\n");
        Path notJson = file("{\"question\": \"q\"}\n[1, 2\n");

        assertThatThrownBy(() -> RecordedOutputs.read(bad)).isInstanceOf(IOException.class)
                .hasMessageContaining("line 2 is not an Ambrosia*-format example: no \"question\"");
        assertThatThrownBy(() -> RecordedOutputs.read(notJson)).isInstanceOf(IOException.class)
                .hasMessageContaining("line 2 is not an Ambrosia*-format example");
    }

    @Test
    void aFileWithoutExamplesIsRefused() throws IOException {
        Path empty = file("\n  \n");

        assertThatThrownBy(() -> RecordedOutputs.read(empty)).isInstanceOf(IOException.class).hasMessageEndingWith("holds no examples");
    }

    private Path file(String text) throws IOException {
        return Files.writeString(Files.createTempFile(dir, "recorded", ".jsonl"), text);
    }
}
