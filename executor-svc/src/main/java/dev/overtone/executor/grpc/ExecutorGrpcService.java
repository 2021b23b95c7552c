package dev.overtone.executor.grpc;

import dev.overtone.executor.mapping.ExecutorMapping;
import dev.overtone.executor.service.HeldResults;
import dev.overtone.executor.service.SchemaCatalog;
import dev.overtone.executor.service.StatementBatch;
import dev.overtone.executor.service.StatementExecution;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.proto.v1.DescribeRequest;
import dev.overtone.proto.v1.DescribeResponse;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteBatchResponse;
import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorService;
import dev.overtone.proto.v1.StatementResult;
import dev.overtone.runtime.grpc.StatusTable;
import io.grpc.Context;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;

/**
 * The gRPC face: map in, call the service, map out. Blocking work runs on worker threads inside the engines. A
 * failure becomes its status in {@link ExecutorStatuses}, and so does the failure of one statement of a batch.
 */
@GrpcService
public class ExecutorGrpcService implements ExecutorService {
    @Inject
    SchemaCatalog catalog;
    @Inject
    StatementExecution execution;
    @Inject
    StatementBatch batch;
    @Inject
    StatusTable statuses;
    @Inject
    HeldResults held;

    @Override
    public Uni<DescribeResponse> describe(DescribeRequest request) {
        return named(request.getTenant(), () -> catalog.describe(request.getTenant(), request.getDatabase(), request.getRefresh())
                .map(ExecutorMapping::response));
    }

    @Override
    public Uni<ExecuteResponse> execute(ExecuteRequest request) {
        return named(request.getTenant(), () -> {
            HeldResults.Hold hold = held.open();
            var limits = ExecutorMapping.limits(request.getLimits(), Context.current().getDeadline()).heldBy(hold);
            return execution.execute(request.getTenant(), request.getDatabase(), request.getSql(), limits).map(ExecutorMapping::response)
                    .onTermination().invoke(hold::close);
        });
    }

    /** StreamExecuteBatch's results, in request order, in one answer. */
    @Override
    public Uni<ExecuteBatchResponse> executeBatch(ExecuteBatchRequest request) {
        return streamExecuteBatch(request).collect().asList().map(ExecutorMapping::inRequestOrder);
    }

    @Override
    public Multi<StatementResult> streamExecuteBatch(ExecuteBatchRequest request) {
        if (!InternalCalls.mayName(request.getTenant())) {
            return Multi.createFrom().failure(TenantRegistry.unknownTenant(request.getTenant()));
        }
        var deadline = Context.current().getDeadline();
        HeldResults.Hold hold = held.open();
        return batch.stream(request.getTenant(), request.getDatabase(), request.getSqlsList(),
                        () -> ExecutorMapping.limits(request.getLimits(), deadline).heldBy(hold))
                .map(finished -> ExecutorMapping.result(finished, statuses))
                .onTermination().invoke(hold::close);
    }

    /** The call, when its caller may name the tenant; a reserved one is, to a caller, a tenant that does not exist. */
    private static <T> Uni<T> named(String tenant, java.util.function.Supplier<Uni<T>> call) {
        return InternalCalls.mayName(tenant) ? call.get() : Uni.createFrom().failure(TenantRegistry.unknownTenant(tenant));
    }
}
