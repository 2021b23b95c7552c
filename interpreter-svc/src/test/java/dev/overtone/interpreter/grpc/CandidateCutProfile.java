package dev.overtone.interpreter.grpc;

import dev.overtone.runtime.testing.ConfigProfile;
import java.util.Map;

/** Three distinct caller candidates judged per call, so a cut shows with the fake engine's few statements. */
public class CandidateCutProfile extends ConfigProfile {
    public CandidateCutProfile() {
        super(Map.of("overtone.interpreter.pipeline.max-candidates", "3"));
    }
}
