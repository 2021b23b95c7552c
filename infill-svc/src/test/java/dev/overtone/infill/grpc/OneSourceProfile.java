package dev.overtone.infill.grpc;

import dev.overtone.runtime.testing.ConfigProfile;
import java.util.Map;

/** Structural infill varies one reading per call: the others are only analysed for their canonical forms. */
public class OneSourceProfile extends ConfigProfile {
    public OneSourceProfile() {
        super(Map.of("overtone.infill.structural.max-sources", "1"));
    }
}
