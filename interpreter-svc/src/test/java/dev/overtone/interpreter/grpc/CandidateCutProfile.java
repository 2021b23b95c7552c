package dev.overtone.interpreter.grpc;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.Map;

/** Three distinct caller candidates judged per call, so a cut shows with the fake engine's few statements. */
public class CandidateCutProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("overtone.interpreter.pipeline.max-candidates", "3");
    }
}
