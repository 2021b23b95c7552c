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
}
