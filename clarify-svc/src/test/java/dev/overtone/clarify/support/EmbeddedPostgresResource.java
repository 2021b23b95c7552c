package dev.overtone.clarify.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** Starts the tests' PostgreSQL (see {@link TestDatabase}) and points the datasource at it. */
public class EmbeddedPostgresResource implements QuarkusTestResourceLifecycleManager {
    private TestDatabase db;

    @Override
    public Map<String, String> start() {
        db = TestDatabase.start();
        return db.datasourceConfig();
    }

    @Override
    public void stop() {
        try {
            if (db != null) {
                db.close();
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
