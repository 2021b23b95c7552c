package dev.overtone.executor.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.DescribeRequest;
import dev.overtone.proto.v1.DescribeResponse;
import dev.overtone.proto.v1.ExecuteBatchResponse;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.proto.v1.Schema;
import dev.overtone.runtime.testing.RecordedExchanges;
import dev.overtone.runtime.testing.RecordingCheck;
import dev.overtone.runtime.testing.RecordingFiles;
import io.grpc.Channel;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.nio.file.Files;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The answers recorded from this service for the fakes that stand for it elsewhere (interpreter-svc's FakeExecutor)
 * are still what it answers: every recording in runtime's test-jar ({@code contracts/executor-svc/*.json}) is sent to
 * the real service over gRPC, on the sample tenants as {@link TenantDatabasesResource} builds them from samples/*.sql
 * (as bin/overtone does), and its answer must equal the recorded one, proto for proto, or it must refuse the call with
 * the recorded status. With {@code -Dovertone.contracts.record=true} it rewrites the recorded answers instead
 * (runtime/README.md, "Recorded answers").
 *
 * <p>Two fields are cleared on both sides before comparing: a result's {@code elapsed_micros} (the engine's wall time)
 * and Describe's {@code cached} (whether an earlier test of this JVM described the database first).
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class RecordedAnswersTest {
    private static final String FIXTURE = "demo-hotels-schema";

    @GrpcClient("executor")
    Channel executor;

    @GrpcClient("executor")
    ExecutorServiceBlockingStub stub;

    @TestFactory
    Stream<DynamicTest> everyRecordedAnswerIsWhatTheServiceAnswersNow() {
        return RecordingCheck.of("executor-svc", ExecutorServiceGrpc.getServiceDescriptor())
                .comparing(RecordedAnswersTest::comparable).against(executor);
    }

    /**
     * The schema other services' tests send their fakes (runtime's contracts/fixtures/demo-hotels-schema.json, over
     * which parser-svc's and infill-svc's answers are recorded) is what this service describes for demo/hotels.
     */
    @Test
    void theDemoHotelsSchemaFixtureIsWhatThisServiceDescribes() throws IOException {
        Schema described = stub.describe(DescribeRequest.newBuilder().setTenant("demo").setDatabase("hotels").build()).getSchema();
        if (Boolean.getBoolean(RecordedExchanges.RECORD_PROPERTY)) {
            Files.writeString(RecordingFiles.sourceFolder("fixtures").resolve(FIXTURE + ".json"), RecordingFiles.print(described) + "\n");
            return;
        }
        assertThat(RecordedExchanges.fixture(FIXTURE, Schema.newBuilder()).build()).as("contracts/fixtures/%s.json is not what "
                + "executor-svc describes; refresh it with -D%s=true, then the recordings made over it (runtime/README.md)",
                FIXTURE, RecordedExchanges.RECORD_PROPERTY).isEqualTo(described);
    }

    /** The answer without what differs between runs (see the class comment). */
    static Message comparable(Message answer) {
        if (answer instanceof DescribeResponse d) {
            return d.toBuilder().clearCached().build();
        }
        if (answer instanceof ExecuteResponse e) {
            return e.toBuilder().clearElapsedMicros().build();
        }
        if (answer instanceof ExecuteBatchResponse b) {
            ExecuteBatchResponse.Builder out = b.toBuilder();
            out.getResultsBuilderList().stream().filter(r -> r.hasResult()).forEach(r -> r.getResultBuilder().clearElapsedMicros());
            return out.build();
        }
        return answer;
    }
}
