package dev.overtone.executor.grpc;

import dev.overtone.executor.mapping.ExecutorMapping;
import dev.overtone.executor.service.SchemaCatalog;
import dev.overtone.executor.service.StatementBatch;
import dev.overtone.executor.service.StatementExecution;
import dev.overtone.proto.v1.DescribeRequest;
import dev.overtone.proto.v1.DescribeResponse;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteBatchResponse;
import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorService;
import io.grpc.Context;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;
import java.util.Objects;
import org.jboss.logging.Logger;

/** The gRPC face: map in, call the service, map out. Blocking work runs on worker threads inside the engines. */
@GrpcService
public class ExecutorGrpcService implements ExecutorService {
    private static final Logger LOG = Logger.getLogger(ExecutorGrpcService.class);

    private final SchemaCatalog catalog;
    private final StatementExecution execution;
    private final StatementBatch batch;

    public ExecutorGrpcService(SchemaCatalog catalog, StatementExecution execution, StatementBatch batch) {
        this.catalog = catalog;
        this.execution = execution;
        this.batch = batch;
    }

    @Override
    public Uni<DescribeResponse> describe(DescribeRequest request) {
        return catalog.describe(request.getTenant(), request.getDatabase(), request.getRefresh())
                .map(ExecutorMapping::response)
                .onFailure().invoke(ExecutorGrpcService::logUnexpected)
                .onFailure().transform(ExecutorMapping::status);
    }

    @Override
    public Uni<ExecuteResponse> execute(ExecuteRequest request) {
        var limits = ExecutorMapping.limits(request.getLimits(), Context.current().getDeadline());
        return execution.execute(request.getTenant(), request.getDatabase(), request.getSql(), limits)
                .map(ExecutorMapping::response)
                .onFailure().invoke(ExecutorGrpcService::logUnexpected)
                .onFailure().transform(ExecutorMapping::status);
    }

    @Override
    public Uni<ExecuteBatchResponse> executeBatch(ExecuteBatchRequest request) {
        var deadline = Context.current().getDeadline();
        return batch.execute(request.getTenant(), request.getDatabase(), request.getSqlsList(),
                        () -> ExecutorMapping.limits(request.getLimits(), deadline))
                .invoke(outcomes -> outcomes.stream().map(StatementBatch.Outcome::failure).filter(Objects::nonNull)
                        .forEach(ExecutorGrpcService::logUnexpected))
                .map(ExecutorMapping::response)
                .onFailure().invoke(ExecutorGrpcService::logUnexpected)
                .onFailure().transform(ExecutorMapping::status);
    }

    private static void logUnexpected(Throwable failure) {
        if (!(failure instanceof dev.overtone.executor.service.SandboxException)) {
            LOG.error("unexpected failure", failure);
        }
    }
}
