package dev.overtone.infill.grpc;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.List;

/** The infilling model configured (WireMock), with a short timeout instead of sleeping. */
public class ModelProfile implements QuarkusTestProfile {
    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(FakeVllm.class));
    }
}
