package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.runtime.testing.ConfigStub;
import jakarta.enterprise.inject.Instance;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Which policy decides for a database, and which of its decisions are remembered. */
class SandboxPoliciesTest {
    private static final TenantDatabase ACME = TenantDatabase.sqlite("acme", "hotels", Path.of("hotels.sqlite"));
    private static final TenantDatabase GLOBEX = TenantDatabase.sqlite("globex", "hotels", Path.of("hotels.sqlite"));

    /** A tenant's own policy that counts its checks and answers as {@code decide} says. */
    private static final class CountingPolicy implements TenantSandboxPolicy {
        final AtomicInteger checks = new AtomicInteger();
        final java.util.function.Function<String, AllowedStatement> decide;

        CountingPolicy(java.util.function.Function<String, AllowedStatement> decide) {
            this.decide = decide;
        }

        @Override
        public String tenant() {
            return "acme";
        }

        @Override
        public AllowedStatement check(TenantDatabase database, String sql) {
            checks.incrementAndGet();
            return decide.apply(sql);
        }
    }

    private static SandboxPolicies policies(int cacheSize, List<TenantSandboxPolicy> own) {
        return policies(cacheSize, 4096, own);
    }

    @SuppressWarnings("unchecked")
    private static SandboxPolicies policies(int cacheSize, int maxRememberedLength, List<TenantSandboxPolicy> own) {
        ExecutorConfig.Policy defaults = PolicyConfigs.defaults();
        ExecutorConfig.Policy policy = (ExecutorConfig.Policy) Proxy.newProxyInstance(SandboxPoliciesTest.class.getClassLoader(),
                new Class<?>[] {ExecutorConfig.Policy.class},
                (p, method, args) -> method.getName().equals("decisionCacheSize") ? cacheSize : method.invoke(defaults, args));
        Instance<TenantSandboxPolicy> beans = (Instance<TenantSandboxPolicy>) Proxy.newProxyInstance(SandboxPoliciesTest.class.getClassLoader(),
                new Class<?>[] {Instance.class}, (p, method, args) -> switch (method.getName()) {
                    case "iterator" -> own.iterator();
                    case "forEach" -> {
                        own.forEach((Consumer<TenantSandboxPolicy>) args[0]);
                        yield null;
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return new SandboxPolicies(ConfigStub.of(ExecutorConfig.class, Map.of("policy", policy, "maxRememberedLength", maxRememberedLength)), beans);
    }

    @Test
    void aTenantsOwnPolicyDecidesForItsDatabasesAndTheEnginesDefaultForTheOthers() {
        CountingPolicy own = new CountingPolicy(sql -> new AllowedStatement(sql, false, false));
        SandboxPolicies policies = policies(0, List.of(own));
        assertThat(policies.policyFor(ACME)).isSameAs(own);
        assertThat(policies.policyFor(GLOBEX)).isInstanceOf(ReadOnlyPolicy.class);
        assertThat(policies.check(ACME, "DELETE FROM hotels").sql()).isEqualTo("DELETE FROM hotels");
        assertThatThrownBy(() -> policies.check(GLOBEX, "DELETE FROM hotels")).isInstanceOf(SandboxException.class);
    }

    @Test
    void aDecisionIsRememberedPerDatabaseAndText() {
        CountingPolicy own = new CountingPolicy(sql -> new AllowedStatement(sql, false, false));
        SandboxPolicies policies = policies(10, List.of(own));
        AllowedStatement first = policies.check(ACME, "SELECT 1");
        assertThat(policies.check(ACME, "SELECT 1")).isSameAs(first);
        assertThat(own.checks).hasValue(1);
        policies.check(ACME, "SELECT 2");
        assertThat(own.checks).hasValue(2);
    }

    @Test
    void aRefusalIsRememberedButATimeOrCapacityFailureIsNot() {
        AtomicInteger exhausted = new AtomicInteger();
        CountingPolicy own = new CountingPolicy(sql -> {
            if (sql.startsWith("DELETE")) {
                throw SandboxException.denied("read-only", "only SELECT");
            }
            exhausted.incrementAndGet();
            throw SandboxException.exhausted("the parser pool is full");
        });
        SandboxPolicies policies = policies(10, List.of(own));
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> policies.check(ACME, "DELETE FROM t")).hasMessageContaining("only SELECT");
            assertThatThrownBy(() -> policies.check(ACME, "SELECT 1")).hasMessageContaining("pool is full");
        }
        assertThat(own.checks).hasValue(3);
        assertThat(exhausted).as("asked each time").hasValue(2);
    }

    @Test
    void aTextLongerThanTheRememberedLengthIsDecidedAgainEachTime() {
        CountingPolicy own = new CountingPolicy(sql -> new AllowedStatement(sql, false, false));
        SandboxPolicies policies = policies(10, "SELECT 1".length(), List.of(own));
        policies.check(ACME, "SELECT 1");
        policies.check(ACME, "SELECT 1");
        policies.check(ACME, "SELECT 10");
        policies.check(ACME, "SELECT 10");
        assertThat(own.checks).hasValue(3);
    }

    @Test
    void withACacheSizeOfZeroEveryCheckIsDecidedAgain() {
        CountingPolicy own = new CountingPolicy(sql -> new AllowedStatement(sql, false, false));
        SandboxPolicies policies = policies(0, List.of(own));
        policies.check(ACME, "SELECT 1");
        policies.check(ACME, "SELECT 1");
        assertThat(own.checks).hasValue(2);
    }
}
