package dev.overtone.clarify.memory;

import dev.overtone.clarify.service.SlotValue;
import dev.overtone.clarify.service.StartCommand;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.List;

/**
 * One Recall before the replica says it is ready, so that the first interpreter-svc call's Recall does not pay for the
 * first query of the memory table (Hibernate Reactive's first session, the statement's preparation, class loading:
 * 1.1 s in a cold demo, against the interpreter's recall budget). It reads the memory of a tenant no caller has, and
 * writes nothing.
 */
@Singleton
public class MemoryWarmUp {
    static final String TENANT = "overtone-warm-up";

    @Inject
    TenantMemory memory;

    /** Runs the Recall; a failure (the database out of reach) is the warm-up's failure, said by the readiness check. */
    public void warmUp() {
        try {
            VertxContextSupport.subscribeAndAwait(() -> memory.recall(new MemoryRequest(TENANT, "warm-up", "the rating of each hotel",
                    List.of(reading("stars", "hotels.stars"), reading("score", "AVG(reviews.score)")))));
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("the memory's warm-up Recall failed: " + e.getMessage(), e);
        }
    }

    private static StartCommand.CandidateInput reading(String id, String column) {
        return new StartCommand.CandidateInput(id, "SELECT " + column + " FROM hotels", id, null, id,
                List.of(new SlotValue("select[0]", column, "shows " + column, List.of(column))));
    }
}
