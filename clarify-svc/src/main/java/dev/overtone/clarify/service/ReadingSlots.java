package dev.overtone.clarify.service;

import dev.overtone.clarify.client.ParserClient;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each reading's slots: those its candidate carries (the caller's analysis, made with the schema), else parser-svc
 * Analyze of its SQL, once per distinct SQL. One reading needs none: there is nothing to tell apart.
 */
@ApplicationScoped
public class ReadingSlots {
    @Inject
    ParserClient parser;

    public Uni<List<List<SlotValue>>> of(List<Reading> readings, List<StartCommand.CandidateInput> candidates) {
        if (readings.size() < 2) {
            return Uni.createFrom().item(readings.stream().map(r -> List.<SlotValue>of()).toList());
        }
        Map<String, List<SlotValue>> given = new HashMap<>();
        candidates.stream().filter(c -> c.slots() != null).forEach(c -> given.put(c.id(), c.slots()));
        Map<String, Uni<List<SlotValue>>> bySql = new LinkedHashMap<>();
        for (Reading r : readings) {
            if (!given.containsKey(r.id())) {
                bySql.computeIfAbsent(r.sql(), sql -> parser.slots(r.id(), sql).memoize().indefinitely());
            }
        }
        List<Uni<List<SlotValue>>> calls = readings.stream()
                .map(r -> given.containsKey(r.id()) ? Uni.createFrom().item(given.get(r.id())) : bySql.get(r.sql())).toList();
        return Uni.join().all(calls).andFailFast();
    }
}
