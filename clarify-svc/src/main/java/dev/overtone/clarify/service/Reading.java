package dev.overtone.clarify.service;

import java.util.List;

/**
 * One reading the dialogue chooses among: a caller candidate, or several candidates with the same
 * result fingerprint collapsed into one (the first in caller order speaks for the group).
 */
public record Reading(String id, String sql, String text, String fingerprint, double prior, List<String> aliases) {
}
