package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import io.grpc.Status;
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.Test;

/** Parsing within the call's time limit, with refusals a person can act on. */
class PolicyParserTest {
    private final PolicyParser parser = new PolicyParser(1, 1, 5_000);

    @Test
    void parsesWithinTheTimeLeft() {
        assertThat(parser.parse("SELECT [a b] FROM t", EngineKind.SQLITE, System.nanoTime() + 5_000_000_000L))
                .isInstanceOf(Select.class);
        assertThat(parser.parse("SELECT ((((1))))", EngineKind.POSTGRESQL, 0)).isInstanceOf(Select.class);
    }

    @Test
    void aCallWhoseTimeIsUpIsNotParsed() {
        assertThatThrownBy(() -> parser.parse("SELECT 1", EngineKind.POSTGRESQL, System.nanoTime() - 1))
                .isInstanceOfSatisfying(SandboxException.class,
                        e -> assertThat(e.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED));
    }

    @Test
    void unparsableTextSaysWhereWithoutParserInternals() {
        assertThatThrownBy(() -> parser.parse("SELECT FROM WHERE", EngineKind.POSTGRESQL, 0))
                .isInstanceOfSatisfying(SandboxException.class, e -> {
                    assertThat(e.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getMessage()).contains("line 1, column").doesNotContain("jsqlparser", "Exception");
                });
    }

    @Test
    void parsesOnTheCallingThreadAsOnThePool() {
        String sql = "SELECT h.name, count(*) FROM hotels h JOIN [rooms] r ON r.hotel_id = h.id GROUP BY h.name";
        assertThat(parser.parse(sql, EngineKind.SQLITE, 0, true).toString())
                .isEqualTo(parser.parse(sql, EngineKind.SQLITE, 0, false).toString());
        assertThatThrownBy(() -> parser.parse("SELECT FROM WHERE", EngineKind.POSTGRESQL, 0, true))
                .isInstanceOfSatisfying(SandboxException.class, e -> {
                    assertThat(e.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getMessage()).contains("line 1, column").doesNotContain("jsqlparser", "Exception");
                });
    }

    @Test
    void aParseOnTheCallingThreadStopsWhenTheCallsTimeRunsOut() {
        // some 200,000 tokens: far more than the calling-thread bounds let through, and a parse of seconds
        String huge = "SELECT " + "a, ".repeat(100_000) + "a FROM t";
        long deadline = System.nanoTime() + 50_000_000L;
        assertThatThrownBy(() -> parser.parse(huge, EngineKind.POSTGRESQL, deadline, true))
                .isInstanceOfSatisfying(SandboxException.class,
                        e -> assertThat(e.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED));
    }
}
