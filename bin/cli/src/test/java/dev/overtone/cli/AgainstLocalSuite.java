package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.proto.v1.InterpreterServiceGrpc.InterpreterServiceBlockingStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The five packaged services as separate processes, started by bin/overtone before a test class and stopped after it,
 * with every process it started gone; each span the services export reaches {@link SpanReceiver}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class AgainstLocalSuite {

    static final String RATING = "return the rating of each hotel";
    static final String STARS_SQL = "SELECT name, stars FROM hotels";
    static final String REVIEW_SQL =
            "SELECT h.name, AVG(r.score) AS rating FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.id, h.name";

    LocalSuite suite;
    SpanReceiver spanReceiver;
    final List<Long> startedPids = new ArrayList<>();

    @BeforeAll
    void up() throws Exception {
        spanReceiver = new SpanReceiver();
        suite = new LocalSuite(Map.of(
                "OTEL_SDK_DISABLED", "false",
                "OTEL_EXPORTER_OTLP_ENDPOINT", spanReceiver.endpoint(),
                "OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf",
                "QUARKUS_OTEL_BSP_SCHEDULE_DELAY", "200ms"));
        suite.overtone(Duration.ofMinutes(2), "down");
        LocalSuite.Result up = suite.overtone(Duration.ofMinutes(5), "up");
        assertThat(up.exitCode()).as(up.output()).isZero();
        assertThat(up.output()).contains("interpreter-svc", "localhost:" + LocalSuite.PORT_BASE);
        for (String component : List.of("executor-svc", "parser-svc", "clarify-svc", "infill-svc", "interpreter-svc",
                "postgres")) {
            startedPids.add(suite.pid(component));
        }
    }

    @AfterAll
    void downLeavesNoProcessBehind() throws Exception {
        spanReceiver.close();
        LocalSuite.Result down = suite.overtone(Duration.ofMinutes(2), "down");
        assertThat(down.exitCode()).as(down.output()).isZero();
        for (long pid : startedPids) {
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("pid %d", pid).isFalse();
        }
        Path postmaster = suite.home.resolve("pg/postmaster.pid");
        assertThat(Files.exists(postmaster)).as("PostgreSQL stopped").isFalse();
    }

    InterpreterServiceBlockingStub interpreter(long seconds) {
        return InterpreterServiceGrpc.newBlockingStub(suite.channel("interpreter-svc"))
                .withDeadlineAfter(seconds, TimeUnit.SECONDS);
    }

    static InterpretRequest rating(String... sqls) {
        InterpretRequest.Builder request = InterpretRequest.newBuilder()
                .setTenant("demo").setDatabase("hotels").setQuestion(RATING);
        for (String sql : sqls) {
            request.addDefaults(CallerDefault.newBuilder().setSql(sql));
        }
        return request.build();
    }
}
