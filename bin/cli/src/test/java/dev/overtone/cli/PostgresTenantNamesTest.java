package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;
import java.io.Reader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample tenants' PostgreSQL names: random, so the shared catalogues (pg_database, pg_roles) name no tenant; made
 * once and reused, so provisioning again finds the same database and role; kept in a file only its owner can read.
 */
class PostgresTenantNamesTest {

    private static final SampleTenant DEMO = SampleTenant.ALL[0];
    private static final SampleTenant OTHER = SampleTenant.ALL[1];

    @TempDir
    Path home;

    private Path file() {
        return home.resolve("tenants.d").resolve(ProvisionCommand.NAMES_FILE);
    }

    @Test
    void namesAreRandomAndSayNothingAboutTheTenant() throws Exception {
        PostgresTenantNames names = PostgresTenantNames.load(file());
        for (SampleTenant sample : SampleTenant.ALL) {
            String database = names.database(sample);
            String role = names.role(sample);
            assertThat(database).matches("ot_[0-9a-f]{16}");
            assertThat(role).matches("ot_[0-9a-f]{16}");
            assertThat(names.password(sample)).matches("[0-9a-f]{32}");
            for (String revealing : new String[] {sample.tenant(), sample.sqliteDatabase(), sample.postgresSchema()}) {
                assertThat(database).doesNotContain(revealing);
                assertThat(role).doesNotContain(revealing);
            }
        }
        assertThat(names.role(DEMO)).isNotEqualTo(names.role(OTHER));
        assertThat(names.password(DEMO)).isNotEqualTo(names.password(OTHER));
    }

    @Test
    void recordedNamesAreReusedAfterAReload() throws Exception {
        PostgresTenantNames first = PostgresTenantNames.load(file());
        String database = first.database(DEMO);
        first.record(DEMO, "localhost", 5532, database);
        String role = first.role(DEMO);
        String password = first.password(DEMO);
        first.save();

        PostgresTenantNames again = PostgresTenantNames.load(file());
        assertThat(again.database(DEMO)).isEqualTo(database);
        assertThat(again.role(DEMO)).isEqualTo(role);
        assertThat(again.password(DEMO)).isEqualTo(password);
        assertThat(again.database(OTHER)).isNotEqualTo(database); // not recorded: a fresh one
    }

    @Test
    void theFileIsWhatExecutorSvcReadsAndOnlyItsOwnerMayReadIt() throws Exception {
        PostgresTenantNames names = PostgresTenantNames.load(file());
        String database = names.database(DEMO);
        names.record(DEMO, "db.internal", 6543, database);
        names.save();

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file()))).isEqualTo("rw-------");
        assertThat(file().resolveSibling(ProvisionCommand.NAMES_FILE + ".partial")).doesNotExist();
        Properties written = new Properties();
        try (Reader reader = Files.newBufferedReader(file())) {
            written.load(reader);
        }
        assertThat(written).containsEntry("demo.hotels-pg.engine", "postgresql")
                .containsEntry("demo.hotels-pg.url", "postgresql://db.internal:6543/" + database)
                .containsEntry("demo.hotels-pg.schema", "demo_hotels")
                .containsEntry("demo.hotels-pg.username", names.role(DEMO))
                .containsEntry("demo.hotels-pg.password", names.password(DEMO));
    }

    @Test
    void aRecordedDatabaseThatIsNotARandomNameIsReplaced() throws Exception {
        Files.createDirectories(file().getParent());
        Files.writeString(file(), "demo.hotels-pg.url=postgresql://localhost:5532/demo_hotels\n");

        assertThat(PostgresTenantNames.load(file()).database(DEMO)).matches("ot_[0-9a-f]{16}");
    }
}
