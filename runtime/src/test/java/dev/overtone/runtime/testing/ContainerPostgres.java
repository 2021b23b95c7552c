package dev.overtone.runtime.testing;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * PostgreSQL in a Testcontainers container, where a Docker engine runs (the GitHub workflow's runners).
 * Where none does (our build machines), the tests use the embedded server. {@code OVERTONE_TEST_PG=embedded}
 * chooses the embedded server even where Docker runs. Shared with the services' tests as this module's test-jar.
 */
public final class ContainerPostgres {
    public static final String IMAGE = "postgres:17-alpine";

    private ContainerPostgres() {
    }

    public static boolean dockerRuns() {
        boolean engineNamed = System.getenv("DOCKER_HOST") != null || Files.exists(Path.of("/var/run/docker.sock"));
        return engineNamed && !"embedded".equals(System.getenv("OVERTONE_TEST_PG"))
                && DockerClientFactory.instance().isDockerAvailable();
    }

    /** A started server whose superuser {@code overtone} (password {@code overtone}) owns database {@code overtone}. */
    public static PostgreSQLContainer start() {
        PostgreSQLContainer container = new PostgreSQLContainer(IMAGE).withDatabaseName("overtone")
                .withUsername("overtone").withPassword("overtone");
        container.start();
        return container;
    }
}
