package dev.overtone.executor.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.Limits;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/** Requests and the status check shared by the gRPC tests. */
public final class Calls {
    private Calls() {
    }

    public static ExecuteRequest execute(String tenant, String database, String sql) {
        return ExecuteRequest.newBuilder().setTenant(tenant).setDatabase(database).setSql(sql).build();
    }

    public static ExecuteRequest execute(String tenant, String database, String sql, Limits limits) {
        return execute(tenant, database, sql).toBuilder().setLimits(limits).build();
    }

    /** The call fails with this code and a description that contains {@code messagePart}. */
    public static void assertStatus(Runnable call, Status.Code code, String messagePart) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).as(e.getStatus().toString()).isEqualTo(code);
            assertThat(e.getStatus().getDescription()).contains(messagePart);
        });
    }
}
