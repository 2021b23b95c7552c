package dev.overtone.bench.load;

import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Issue 17's goals in the load report: judged only at the concurrency each is set for, a goal met at its bound. */
class LoadGoalsTest {

    static Stream<Arguments> runs() {
        return Stream.of(
                // concurrency, questions/s, p50 ms, p99 ms, the goal lines
                arguments(1, 40.0, 25.0, 60.0, "- p50: met\n- p99: met\n"),
                arguments(1, 40.0, 30.5, 59.0, "- p50: **missed** by 5.5 ms\n- p99: met\n"),
                arguments(1, 40.0, 20.0, 75.0, "- p50: met\n- p99: **missed** by 15.0 ms\n"),
                arguments(16, 150.0, 90.0, 300.0, "- throughput: met\n- p99: met\n"),
                arguments(16, 120.5, 90.0, 350.0, "- throughput: **missed** by 29.5 req/s\n- p99: **missed** by 50.0 ms\n"),
                arguments(8, 10.0, 900.0, 900.0, "Set at concurrency 1 and 16 only.\n"));
    }

    @ParameterizedTest
    @MethodSource("runs")
    void eachGoalIsMetOrMissedByHowMuch(int concurrency, double throughput, double p50, double p99, String lines) {
        assertThat(LoadGoals.markdown(concurrency, throughput, p50, p99)).endsWith("\n\n" + lines);
    }

    static Stream<Arguments> headings() {
        return Stream.of(
                arguments(1, "## Goal at concurrency 1 (p50 ≤ 25 ms, p99 ≤ 60 ms)"),
                arguments(16, "## Goal at concurrency 16 (≥ 150 questions/s, p99 ≤ 300 ms)"),
                arguments(4, "## Goals"));
    }

    @ParameterizedTest
    @MethodSource("headings")
    void theHeadingNamesTheGoalsSetForThatConcurrency(int concurrency, String heading) {
        assertThat(LoadGoals.markdown(concurrency, 0, 0, 0)).startsWith("\n" + heading + "\n\n");
    }
}
