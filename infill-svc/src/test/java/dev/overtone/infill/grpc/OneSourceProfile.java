package dev.overtone.infill.grpc;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.Map;

/** Structural infill varies one reading per call: the others are only analysed for their canonical forms. */
public class OneSourceProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("overtone.infill.structural.max-sources", "1");
    }
}
