package dev.overtone.clarify.memory;

import dev.overtone.clarify.service.ClarifyException;

/** One tenant's database: what a remembered choice belongs to, and all a question may read of memory. */
public record MemoryScope(String tenant, String database) {
    /**
     * The longest tenant or database name memory takes, in characters. Its B-tree indexes hold the two names in one
     * entry, which PostgreSQL refuses past 2,704 bytes: a Choose with a name of 3,000 characters failed as INTERNAL.
     * Two names of 256 characters are at most 2,048 bytes of UTF-8; each also travels in every change notice.
     */
    public static final int MAX_NAME_LENGTH = 256;

    /** Refuses a scope that does not say whose memory it is about, or names it at a length memory cannot keep. */
    public void requireOwner(String rpc) {
        requireTenant(tenant, rpc);
        if (database == null || database.isBlank()) {
            throw ClarifyException.invalid(rpc + " needs the database the question is about: memory is kept per tenant and database");
        }
        requireShort("database", database, rpc);
    }

    static void requireTenant(String tenant, String rpc) {
        if (tenant == null || tenant.isBlank()) {
            throw ClarifyException.invalid(rpc + " needs the tenant whose remembered choices it is about");
        }
        requireShort("tenant", tenant, rpc);
    }

    static void requireShort(String what, String name, String rpc) {
        if (name != null && name.length() > MAX_NAME_LENGTH) {
            throw ClarifyException.invalid(rpc + ": the " + what + " name has " + name.length() + " characters; memory takes at most "
                    + MAX_NAME_LENGTH);
        }
    }
}
