package dev.overtone.clarify.service;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Validates Start's candidates and collapses those with the same result fingerprint into one reading. */
public final class Readings {

    private Readings() {
    }

    public static List<Reading> collapse(List<StartCommand.CandidateInput> candidates, int max) {
        if (candidates.size() > max) {
            throw ClarifyException.invalid(candidates.size() + " candidates is more than the " + max + " a dialogue takes");
        }
        Set<String> ids = new HashSet<>();
        Map<String, List<StartCommand.CandidateInput>> groups = new LinkedHashMap<>();
        for (int i = 0; i < candidates.size(); i++) {
            StartCommand.CandidateInput c = candidates.get(i);
            if (c.id() == null || c.id().isBlank()) {
                throw ClarifyException.invalid("candidate #" + (i + 1) + " has no id");
            }
            if (!ids.add(c.id())) {
                throw ClarifyException.invalid("candidate id '" + c.id() + "' appears twice");
            }
            if (c.sql() == null || c.sql().isBlank()) {
                throw ClarifyException.invalid("candidate '" + c.id() + "' has no SQL");
            }
            if (c.probability() != null && !(c.probability() >= 0 && c.probability() <= 1)) {
                throw ClarifyException.invalid("candidate '" + c.id() + "' has probability " + c.probability() + "; it must be in [0, 1]");
            }
            String key = c.fingerprint() == null || c.fingerprint().isBlank() ? "id:" + c.id() : "fp:" + c.fingerprint();
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(c);
        }
        List<Reading> out = new ArrayList<>();
        for (List<StartCommand.CandidateInput> g : groups.values()) {
            StartCommand.CandidateInput head = g.get(0);
            List<String> aliases = g.subList(1, g.size()).stream().map(StartCommand.CandidateInput::id).toList();
            out.add(new Reading(head.id(), head.sql(), head.text() == null ? "" : head.text(),
                    head.fingerprint() == null ? "" : head.fingerprint(), 0, aliases));
        }
        return out;
    }

    /** Each reading's given prior: the sum over its group's given probabilities, null when none was given. */
    public static List<Double> givenPriors(List<StartCommand.CandidateInput> candidates, List<Reading> readings) {
        Map<String, StartCommand.CandidateInput> byId = new LinkedHashMap<>();
        candidates.forEach(c -> byId.put(c.id(), c));
        List<Double> out = new ArrayList<>();
        for (Reading r : readings) {
            Double sum = null;
            List<String> members = new ArrayList<>(r.aliases());
            members.add(0, r.id());
            for (String m : members) {
                Double p = byId.get(m).probability();
                if (p != null) {
                    sum = (sum == null ? 0 : sum) + p;
                }
            }
            out.add(sum);
        }
        return out;
    }
}
