package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.interpreter.client.Downstreams;
import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.proto.v1.DatabaseRef;
import dev.overtone.proto.v1.DescribeRequest;
import dev.overtone.proto.v1.DescribeResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.Schema;
import dev.overtone.runtime.grpc.Downstream;
import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.runtime.testing.ConfigStub;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The schema cache against an executor-svc over real gRPC that answers Describe with the database asked for. */
class SchemaCatalogTest {
    private final List<DescribeRequest> described = new CopyOnWriteArrayList<>();
    private Server executor;
    private ManagedChannel channel;

    @BeforeEach
    void startExecutor() throws IOException {
        executor = NettyServerBuilder.forPort(0).addService(new ExecutorServiceGrpc.ExecutorServiceImplBase() {
            @Override
            public void describe(DescribeRequest request, StreamObserver<DescribeResponse> response) {
                described.add(request);
                if (request.getTenant().equals("nobody")) {
                    response.onError(Status.NOT_FOUND.withDescription("unknown tenant 'nobody'").asRuntimeException());
                    return;
                }
                response.onNext(DescribeResponse.newBuilder().setSchema(Schema.newBuilder().setDatabase(DatabaseRef.newBuilder()
                        .setTenant(request.getTenant()).setDatabase(request.getDatabase()))).build());
                response.onCompleted();
            }
        }).build().start();
        channel = NettyChannelBuilder.forAddress("localhost", executor.getPort()).usePlaintext().build();
    }

    @AfterEach
    void stop() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        executor.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    @Test
    void aSchemaIsDescribedOncePerTenantDatabaseWithinItsTtl() {
        SchemaCatalog catalog = catalog(Duration.ofMinutes(5));

        Schema first = catalog.schema("acme", "hotels", budget());
        Schema again = catalog.schema("acme", "hotels", budget());
        Schema other = catalog.schema("acme", "flights", budget());

        assertThat(again).isSameAs(first);
        assertThat(other.getDatabase().getDatabase()).isEqualTo("flights");
        assertThat(described).extracting(DescribeRequest::getDatabase).containsExactly("hotels", "flights");
    }

    @Test
    void anExpiredOrEvictedSchemaIsDescribedAgain() {
        SchemaCatalog expiring = catalog(Duration.ZERO);
        expiring.schema("acme", "hotels", budget());
        expiring.schema("acme", "hotels", budget());
        assertThat(described).hasSize(2);

        SchemaCatalog kept = catalog(Duration.ofMinutes(5));
        kept.schema("acme", "hotels", budget());
        kept.evictAll();
        kept.schema("acme", "hotels", budget());
        assertThat(described).hasSize(4);
    }

    @Test
    void aFailureReachesTheCallerAsADownstreamFailureAndIsNotCached() {
        SchemaCatalog catalog = catalog(Duration.ofMinutes(5));

        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> catalog.schema("nobody", "hotels", budget())).isInstanceOfSatisfying(DownstreamFailure.class, f -> {
                assertThat(f.code()).isEqualTo(Status.Code.NOT_FOUND);
                assertThat(f.getMessage()).contains("unknown tenant 'nobody'");
            });
        }
        assertThat(described).hasSize(2);
    }

    private SchemaCatalog catalog(Duration ttl) {
        Downstream executorSvc = new Downstream("executor-svc", "localhost:" + executor.getPort(), channel);
        SchemaCatalog catalog = new SchemaCatalog();
        catalog.downstreams = new Downstreams() {
            @Override
            public Downstream executor() {
                return executorSvc;
            }

            @Override
            public ExecutorServiceGrpc.ExecutorServiceBlockingStub executorStub(long timeoutMs) {
                return executorSvc.stub(ExecutorServiceGrpc::newBlockingStub, timeoutMs);
            }
        };
        catalog.config = ConfigStub.of(InterpreterConfig.class, Map.of(
                "schema", ConfigStub.of(InterpreterConfig.Schema.class, Map.of("cacheTtl", ttl)),
                "budget", ConfigStub.of(InterpreterConfig.Budget.class, Map.of("describe", Duration.ofSeconds(5)))));
        return catalog;
    }

    private static Budget budget() {
        return Budget.of(null, Duration.ofSeconds(10), Duration.ZERO);
    }
}
