package dev.overtone.parser.health;

import dev.overtone.parser.service.WarmUpExample;
import dev.overtone.runtime.testing.WarmUpGate;
import jakarta.inject.Singleton;
import jakarta.enterprise.inject.Alternative;

/** The real warm-up, held until the test opens the gate, so "not ready yet" can be observed. */
@Alternative
@Singleton
public class GatedWarmUpExample extends WarmUpExample {

    static final WarmUpGate GATE = new WarmUpGate();

    public GatedWarmUpExample(dev.overtone.parser.config.ParserConfig config) {
        super(config);
    }

    @Override
    public void run() {
        GATE.pass();
        super.run();
    }
}
