package dev.overtone.clarify.service;

import java.util.List;

/** One clause-level slot of a reading's SQL, as parser-svc Analyze reports it. */
public record SlotValue(String path, String value, String label, List<String> schemaElements) {
}
