package dev.overtone.executor.support;

import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.Limits;

/** Request builders shared by the gRPC tests. */
public final class Calls {
    private Calls() {
    }

    public static ExecuteRequest execute(String tenant, String database, String sql) {
        return ExecuteRequest.newBuilder().setTenant(tenant).setDatabase(database).setSql(sql).build();
    }

    public static ExecuteRequest execute(String tenant, String database, String sql, Limits limits) {
        return execute(tenant, database, sql).toBuilder().setLimits(limits).build();
    }
}
