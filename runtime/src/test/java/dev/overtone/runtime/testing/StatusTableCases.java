package dev.overtone.runtime.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.runtime.grpc.StatusTable;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A service's status table as a case table: a subclass hands its table and its rows ({@link StatusAnswer#kept},
 * {@link StatusAnswer#unforeseen}) to the constructor, each a failure and the answer it gets; behaviour that is not a
 * plain row (a description read in part, a batch's result) stays in the subclass's own tests.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class StatusTableCases {
    protected final StatusTable table;
    private final List<Arguments> rows;

    protected StatusTableCases(StatusTable table, Arguments... rows) {
        this.table = table;
        this.rows = List.of(rows);
    }

    Stream<Arguments> rows() {
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void eachFailureGetsTheAnswerItsRowSays(Throwable failure, StatusAnswer expected) {
        assertThat(StatusAnswer.of(table, failure)).isEqualTo(expected);
    }
}
