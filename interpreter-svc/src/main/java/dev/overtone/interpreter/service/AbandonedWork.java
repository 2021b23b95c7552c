package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Stage;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/**
 * Counts the Interpret calls whose caller went away before the answer, by the stage they stopped at
 * ({@code overtone_interpret_abandoned_total{stage=...}} on /q/metrics), and logs each one.
 */
@ApplicationScoped
public class AbandonedWork {
    private static final Logger LOG = Logger.getLogger(AbandonedWork.class);

    @Inject
    MeterRegistry registry;

    public void abandoned(Stage stage) {
        String name = StageNames.of(stage);
        Counter.builder("overtone.interpret.abandoned").description("Interpret calls stopped because the caller cancelled")
                .tag("stage", name).register(registry).increment();
        LOG.infof("Interpret abandoned at stage %s: the caller cancelled or its deadline passed; downstream calls cancelled", name);
    }
}
