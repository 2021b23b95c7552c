package dev.overtone.clarify.memory;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.repository.RememberedChoices;
import dev.overtone.clarify.service.DecisionVariable;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The remembered choices that could decide forks of a question of a tenant's database: one indexed query for those whose
 * chosen value is a value of one of the question's forks or one of its readings, or none at all when there is no fork.
 */
@ApplicationScoped
public class ChoiceLookup {
    @Inject
    ClarifyConfig config;

    /** The unexpired choices of this tenant's database that chose a value of these forks or one of these readings, newest first. */
    public Uni<List<Choice>> candidates(String tenant, String database, List<DecisionVariable> variables, List<String> readingSql) {
        Set<String> values = new LinkedHashSet<>();
        if (!variables.isEmpty()) {
            values.addAll(readingSql);
        }
        for (DecisionVariable v : variables) {
            for (int x = 0; x < v.valueCount(); x++) {
                values.add(ForkValues.key(v, x));
            }
        }
        if (!config.memory().enabled() || values.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return Panache.withSession(() -> RememberedChoices.choosing(tenant, database, List.copyOf(values), Instant.now()));
    }
}
