package dev.overtone.executor.service.policy;

/**
 * A policy for one tenant, replacing the engine's default read-only policy for that tenant's
 * databases. Declare one as a CDI bean; {@link SandboxPolicies} picks it up at startup.
 */
public interface TenantSandboxPolicy extends SandboxPolicy {

    /** The tenant this policy is for. */
    String tenant();
}
