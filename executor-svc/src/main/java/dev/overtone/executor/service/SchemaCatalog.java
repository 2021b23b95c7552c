package dev.overtone.executor.service;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.DatabaseRef;
import dev.overtone.proto.v1.Engine;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Describe: the tenant's own tables, cached per database for a TTL and dropped on demand. */
@ApplicationScoped
public class SchemaCatalog {
    private final TenantRegistry registry;
    private final TenantEngines engines;
    private final TenantBulkhead bulkhead;
    private final ExecutorConfig.Describe config;
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();

    public SchemaCatalog(TenantRegistry registry, TenantEngines engines, TenantBulkhead bulkhead,
            ExecutorConfig config) {
        this.registry = registry;
        this.engines = engines;
        this.bulkhead = bulkhead;
        this.config = config.describe();
    }

    /** A described schema and whether it came from the cache. */
    public record Described(Schema schema, boolean cached) {
    }

    public Uni<Described> describe(String tenant, String databaseName, boolean refresh) {
        return Uni.createFrom().deferred(() -> {
            TenantDatabase database = registry.lookup(tenant, databaseName);
            String key = database.key();
            if (refresh) {
                cache.remove(key);
            }
            Cached hit = cache.get(key);
            if (hit != null && System.nanoTime() - hit.expiresNanos < 0) {
                return Uni.createFrom().item(new Described(hit.schema, true));
            }
            return bulkhead.run(database.tenant(), System.nanoTime() + config.timeout().toNanos(), () -> engines.engineFor(database)
                    .describe(database, config.sampleValues(), config.sampleScanRows(), config.timeout()))
                    .ifNoItem().after(config.timeout().plus(ExecutionLimits.ENGINE_STOP_GRACE))
                    .failWith(() -> SandboxException.deadline("describing " + database.key()
                            + " took longer than overtone.executor.describe.timeout=" + config.timeout().toMillis()
                            + " ms; the engine is stopping it"))
                    .map(tables -> {
                        Schema schema = schema(database, tables);
                        cache.put(key, new Cached(schema, System.nanoTime() + config.cacheTtl().toNanos()));
                        return new Described(schema, false);
                    });
        });
    }

    private static Schema schema(TenantDatabase database, List<Table> tables) {
        return Schema.newBuilder()
                .setDatabase(DatabaseRef.newBuilder().setTenant(database.tenant()).setDatabase(database.name()))
                .setEngine(database.engine() == EngineKind.SQLITE ? Engine.ENGINE_SQLITE : Engine.ENGINE_POSTGRESQL)
                .setDialect(database.engine().dialect()).addAllTables(tables).setVersion(version(tables)).build();
    }

    /** A hash of the structure only: names, types, nullability and keys; not row counts or samples. */
    static String version(List<Table> tables) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        StringBuilder text = new StringBuilder();
        for (Table table : tables) {
            text.append("T|").append(table.getName()).append('|').append(table.getSchemaName()).append('|')
                    .append(table.getView()).append('|').append(String.join(",", table.getPrimaryKeyList())).append('\n');
            for (Column column : table.getColumnsList()) {
                text.append("C|").append(column.getName()).append('|').append(column.getDeclaredType()).append('|')
                        .append(column.getNullable()).append('\n');
            }
            for (ForeignKey key : table.getForeignKeysList()) {
                text.append("F|").append(String.join(",", key.getColumnsList())).append('|')
                        .append(key.getReferencedTable()).append('|')
                        .append(String.join(",", key.getReferencedColumnsList())).append('\n');
            }
        }
        return HexFormat.of().formatHex(digest.digest(text.toString().getBytes(StandardCharsets.UTF_8)))
                .substring(0, 16);
    }

    private record Cached(Schema schema, long expiresNanos) {
    }
}
