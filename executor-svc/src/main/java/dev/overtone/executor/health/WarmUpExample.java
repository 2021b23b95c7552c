package dev.overtone.executor.health;

import dev.overtone.executor.grpc.InternalCalls;
import dev.overtone.executor.repository.SqliteEngine;
import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.proto.v1.DescribeRequest;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.proto.v1.Limits;
import dev.overtone.runtime.health.OwnServer;
import dev.overtone.runtime.health.WarmUp;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import jakarta.enterprise.context.ApplicationScoped;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;

/**
 * What a new replica's first calls would otherwise pay, paid before it reports SERVING: analytical statements sent
 * through this service's own gRPC server as interpreter-svc sends them (StreamExecuteBatch, Execute, Describe), so the
 * transport, the policy's lexer and parser, the SQLite engine with its cell cut, the fingerprints and, on PostgreSQL,
 * the pool, the session set-up and the reset are loaded and compiled. SQLite runs on the warm-up's own scratch
 * database ({@link WarmUpDatabase}); PostgreSQL on the first tenant databases, with a statement that reads no table.
 * Each round changes its literals, so the policy parses every text as it does a caller's new statement.
 * <p>
 * The first round (after a Describe that waits for the server as long as {@link OwnServer} allows) always runs whole;
 * more rounds run within the budget. The PostgreSQL step runs beside them, bounded by the pool's connect-timeout and the
 * statement's time limit (an unreachable database answers UNAVAILABLE by itself; a deadline of the warm-up's own would
 * also count the wait for this server to listen).
 * A statement failing on the scratch database fails the warm-up (the sandbox is broken: not ready); a scratch database
 * that cannot be written, or a PostgreSQL tenant database that cannot be reached, only degrades it (logged, ready).
 * The scratch database is the warm-up's only: when it ends, however it ends, it is taken out of the registry, its idle
 * connections are closed and its file is deleted.
 */
@ApplicationScoped
public class WarmUpExample {

    private static final Limits LIMITS = Limits.newBuilder().setTimeoutMs(3_000).setMaxRows(1_000).setMaxBytes(1 << 20).build();

    private final WarmUpConfig config;
    private final TenantRegistry registry;
    private final SqliteEngine sqlite;

    public WarmUpExample(WarmUpConfig config, TenantRegistry registry, SqliteEngine sqlite) {
        this.config = config;
        this.registry = registry;
        this.sqlite = sqlite;
    }

    public void run() {
        List<String> degraded = new ArrayList<>();
        long end = System.nanoTime() + config.budget().toNanos();
        TenantDatabase scratch = scratch(degraded);
        try (OwnServer own = OwnServer.connect()) {
            ExecutorServiceBlockingStub executor = ExecutorServiceGrpc.newBlockingStub(own.channel())
                    .withInterceptors(InternalCalls.mark());
            // mostly waiting on PostgreSQL (a new pool's first connection), so beside the SQLite rounds
            CompletableFuture<List<String>> postgres = CompletableFuture.supplyAsync(() -> postgres(executor));
            if (scratch != null) {
                executor.describe(DescribeRequest.newBuilder().setTenant(scratch.tenant()).setDatabase(scratch.name()).build());
                round(executor, scratch, 0);
            }
            for (int r = 1; scratch != null && r < config.rounds() && System.nanoTime() < end; r++) {
                if (!round(within(executor, end), scratch, r)) {
                    break;
                }
            }
            degraded.addAll(postgres.join());
        } finally {
            if (scratch != null) {
                registry.removeInternal(scratch);
                sqlite.closeIdle(scratch);
                WarmUpDatabase.delete(scratch);
            }
        }
        if (!degraded.isEmpty()) {
            throw new WarmUp.Degraded(String.join("; ", degraded));
        }
    }

    private TenantDatabase scratch(List<String> degraded) {
        try {
            TenantDatabase database = WarmUpDatabase.create(Path.of(config.scratchDir()));
            registry.addInternal(database);
            return database;
        } catch (IllegalStateException e) {
            degraded.add("SQLite not warmed, " + e.getMessage());
            return null;
        }
    }

    /** One round: false when the budget ended it. */
    private static boolean round(ExecutorServiceBlockingStub executor, TenantDatabase scratch, int round) {
        try {
            List<String> sqls = WarmUpStatements.sqlite(round);
            executor.streamExecuteBatch(ExecuteBatchRequest.newBuilder().setTenant(scratch.tenant())
                    .setDatabase(scratch.name()).addAllSqls(sqls).setLimits(LIMITS).build()).forEachRemaining(answer -> {
                        if (answer.getResult().hasFailure()) {
                            throw new IllegalStateException("the warm-up statement '" + sqls.get(answer.getStatement())
                                    + "' failed on its scratch database: " + answer.getResult().getFailure().getMessage());
                        }
                    });
            executor.execute(ExecuteRequest.newBuilder().setTenant(scratch.tenant()).setDatabase(scratch.name())
                    .setSql(sqls.get(round % sqls.size())).setLimits(LIMITS).build());
            return true;
        } catch (StatusRuntimeException e) {
            if (e.getStatus().getCode() == Status.Code.DEADLINE_EXCEEDED) {
                return false;
            }
            throw e;
        }
    }

    /** What could not be warmed on PostgreSQL, one line per database. */
    private List<String> postgres(ExecutorServiceBlockingStub executor) {
        List<String> missed = new ArrayList<>();
        List<TenantDatabase> databases = StreamSupport.stream(registry.all().spliterator(), false)
                .filter(d -> d.engine() == EngineKind.POSTGRESQL).limit(config.postgresqlDatabases()).toList();
        for (TenantDatabase database : databases) {
            try {
                executor.execute(ExecuteRequest.newBuilder()
                        .setTenant(database.tenant()).setDatabase(database.name()).setSql(WarmUpStatements.POSTGRESQL)
                        .setLimits(LIMITS).build());
            } catch (StatusRuntimeException e) {
                missed.add("PostgreSQL not warmed on " + database.key() + ": " + e.getStatus().getCode() + " "
                        + e.getStatus().getDescription());
            }
        }
        return missed;
    }

    private static ExecutorServiceBlockingStub within(ExecutorServiceBlockingStub executor, long endNanos) {
        return executor.withDeadlineAfter(Math.max(1, endNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    }
}
