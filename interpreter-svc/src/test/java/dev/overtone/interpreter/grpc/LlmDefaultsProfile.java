package dev.overtone.interpreter.grpc;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.List;

/** An LLM endpoint (WireMock) with a short fault-tolerance timeout instead of sleeping. */
public class LlmDefaultsProfile implements QuarkusTestProfile {
    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(FakeLlm.class));
    }
}
