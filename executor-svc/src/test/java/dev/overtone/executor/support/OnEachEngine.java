package dev.overtone.executor.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A test run once on each engine, with the demo tenant's database of that engine as its argument: {@code hotels}
 * (SQLite) and {@code hotels-pg} (PostgreSQL), as {@link TenantDatabasesResource} builds them.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedTest
@ValueSource(strings = {"hotels", "hotels-pg"})
public @interface OnEachEngine {
}
