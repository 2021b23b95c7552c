package dev.overtone.clarify.memory;

import java.util.Optional;

/**
 * A PostgreSQL notification that a tenant's database gained a choice ({@link #CHANNEL}) or forgot some
 * ({@link #FORGOTTEN_CHANNEL}): sent by the recording or forgetting transaction (delivered at its commit, to every
 * clarify-svc replica listening), heard by {@link MemoryListener}. The token lets the recording replica
 * know its own notification came back ({@link MemoryEchoes}); the time is when it was recorded, for the watcher to
 * measure how late it hears of it.
 */
public record ScopeNotice(MemoryScope scope, String token, long recordedAtMicros) {
    /** The channel every replica LISTENs on. */
    public static final String CHANNEL = "overtone_memory";
    /**
     * The channel of forgotten choices (Forget), heard by every replica's cache and pushed to its watchers; its database
     * is empty when the tenant's every database forgot.
     */
    public static final String FORGOTTEN_CHANNEL = "overtone_memory_forgotten";

    /** {@code token:micros:tenantLength:tenant database}: a tenant or database may hold any character. */
    public String payload() {
        return token + ":" + recordedAtMicros + ":" + scope.tenant().length() + ":" + scope.tenant() + scope.database();
    }

    /** The notice a payload carries; empty for one this code did not write. */
    public static Optional<ScopeNotice> parse(String payload) {
        try {
            int a = payload.indexOf(':');
            int b = payload.indexOf(':', a + 1);
            int c = payload.indexOf(':', b + 1);
            int tenantLength = Integer.parseInt(payload.substring(b + 1, c));
            String tenant = payload.substring(c + 1, c + 1 + tenantLength);
            String database = payload.substring(c + 1 + tenantLength);
            return Optional.of(new ScopeNotice(new MemoryScope(tenant, database), payload.substring(0, a),
                    Long.parseLong(payload.substring(a + 1, b))));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
