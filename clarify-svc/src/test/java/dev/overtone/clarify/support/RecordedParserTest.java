package dev.overtone.clarify.support;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A {@code @QuarkusTest} of clarify-svc over a real PostgreSQL with parser-svc's recorded answers served beside it
 * ({@link FakeParserResource}, which only the test classes that carry this annotation get). PostgreSQL is not declared
 * here but on each class beside it ({@code @QuarkusTestResource(EmbeddedPostgresResource.class)}): Quarkus takes a
 * resource met through an annotation as another than the same one declared on a class, and would start a second server.
 */
@QuarkusTest
@QuarkusTestResource(value = FakeParserResource.class, restrictToAnnotatedClass = true)
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface RecordedParserTest {
}
