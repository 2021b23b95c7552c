package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import io.grpc.Status;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.Test;

/** Parsing within the call's time limit, with refusals a person can act on. */
class PolicyParserTest {
    private static final Duration PUSHBACK = Duration.ofMillis(250);
    /** Some 200,000 tokens: far more than the calling-thread bounds let through, and a parse of seconds. */
    private static final String HUGE = "SELECT " + "a, ".repeat(100_000) + "a FROM t";

    private final PolicyParser parser = new PolicyParser(1, 1, 5_000, PUSHBACK);

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
        long deadline = System.nanoTime() + 50_000_000L;
        assertThatThrownBy(() -> parser.parse(HUGE, EngineKind.POSTGRESQL, deadline, true))
                .isInstanceOfSatisfying(SandboxException.class,
                        e -> assertThat(e.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED));
    }

    @Test
    void aFullParserQueueRefusesSayingWhenToRetry() throws Exception {
        // one thread and one place in the queue: of four long parses sent at once, at least two find both taken
        ExecutorService callers = Executors.newFixedThreadPool(4);
        try {
            List<Future<Throwable>> calls = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                calls.add(callers.submit(() -> catchThrowable(() -> parser.parse(HUGE, EngineKind.POSTGRESQL,
                        System.nanoTime() + 3_000_000_000L))));
            }
            List<Throwable> outcomes = new ArrayList<>();
            for (Future<Throwable> call : calls) {
                outcomes.add(call.get(30, TimeUnit.SECONDS));
            }
            assertThat(outcomes).filteredOn(e -> e instanceof SandboxException s && s.code() == Status.Code.RESOURCE_EXHAUSTED)
                    .isNotEmpty().allSatisfy(e -> {
                        assertThat(((SandboxException) e).retryPushbackMillis()).as("pushback").isEqualTo(PUSHBACK.toMillis());
                        assertThat(e.getMessage()).contains("parser-queue", "retry after 250 ms");
                    });
        } finally {
            callers.shutdownNow();
        }
    }
}
