package dev.overtone.clarify.support;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A {@code @QuarkusTest} of clarify-svc over a real PostgreSQL with parser-svc's recorded answers served beside it
 * ({@link FakeParserResource}, which only the test classes that carry this annotation get).
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
@QuarkusTestResource(value = FakeParserResource.class, restrictToAnnotatedClass = true)
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface RecordedParserTest {
}
