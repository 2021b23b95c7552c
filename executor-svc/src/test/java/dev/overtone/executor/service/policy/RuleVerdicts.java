package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import java.util.List;
import java.util.function.BiConsumer;

/** One token rule as its test asks it about SQL texts: refused (with what every refusal of the rule says) or let through. */
final class RuleVerdicts {
    /** What a case table writes for a statement the rule lets through. */
    static final String ALLOWED = "allowed";

    private final BiConsumer<EngineKind, String> check;
    private final List<String> everyRefusalSays;

    /** @param everyRefusalSays what each refusal says besides its own reason: the rule's name, the knob that bounds it */
    RuleVerdicts(BiConsumer<EngineKind, String> check, String... everyRefusalSays) {
        this.check = check;
        this.everyRefusalSays = List.of(everyRefusalSays);
    }

    /** Refused with {@code why} in its message, or let through where {@code why} is null. */
    void assertVerdict(EngineKind engine, String sql, String why) {
        if (why == null) {
            assertAllowed(engine, sql);
        } else {
            assertRefused(engine, sql, why);
        }
    }

    void assertRefused(EngineKind engine, String sql, String why) {
        var refusal = assertThatThrownBy(() -> check.accept(engine, sql)).as(sql).isInstanceOf(SandboxException.class)
                .hasMessageContaining(why);
        everyRefusalSays.forEach(refusal::hasMessageContaining);
    }

    void assertAllowed(EngineKind engine, String sql) {
        assertThatCode(() -> check.accept(engine, sql)).as(sql).doesNotThrowAnyException();
    }
}
