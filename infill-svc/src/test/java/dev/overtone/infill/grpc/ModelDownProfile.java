package dev.overtone.infill.grpc;

import dev.overtone.runtime.testing.ConfigProfile;
import java.util.Map;

/** The infilling model configured at an address nothing listens on: every model call is refused at once. */
public class ModelDownProfile extends ConfigProfile {
    public ModelDownProfile() {
        super(Map.of("overtone.infill.model.base-url", "http://127.0.0.1:1/v1", "overtone.infill.model.retries", "0"));
    }
}
