package dev.overtone.interpreter.service;

import dev.overtone.interpreter.client.Downstreams;
import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.proto.v1.DescribeRequest;
import dev.overtone.proto.v1.Schema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Schemas from executor-svc Describe, kept per tenant database for the configured TTL. */
@ApplicationScoped
public class SchemaCatalog {
    private record Entry(Schema schema, long expiresNanos) {
    }

    @Inject
    Downstreams downstreams;
    @Inject
    InterpreterConfig config;

    private final Map<String, Entry> cache = new ConcurrentHashMap<>();

    /** The schema; a failure (NOT_FOUND for an unknown tenant, UNAVAILABLE...) propagates as a DownstreamFailure. */
    public Schema schema(String tenant, String database, Budget budget) {
        String key = tenant + "/" + database;
        Entry entry = cache.get(key);
        long now = System.nanoTime();
        if (entry != null && entry.expiresNanos() > now) {
            return entry.schema();
        }
        long timeout = budget.forStage(config.budget().describe());
        Schema schema = downstreams.executor().call("Describe", timeout, () -> downstreams.executorStub(timeout)
                .describe(DescribeRequest.newBuilder().setTenant(tenant).setDatabase(database).build())
                .getSchema());
        cache.put(key, new Entry(schema, now + config.schema().cacheTtl().toNanos()));
        return schema;
    }
}
