package dev.overtone.cli.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class FaultPlanTest {

    @Test
    void faultsComeAtTheirRates() {
        FaultPlan plan = FaultPlan.parse("timeout=0.1,error=0.1,garbage=0.05", 42);
        Map<Fault, Integer> counts = new EnumMap<>(Fault.class);
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            counts.merge(plan.draw("prompt " + i), 1, Integer::sum);
        }
        assertThat(counts.get(Fault.TIMEOUT) / (double) n).isCloseTo(0.10, within(0.01));
        assertThat(counts.get(Fault.ERROR) / (double) n).isCloseTo(0.10, within(0.01));
        assertThat(counts.get(Fault.GARBAGE) / (double) n).isCloseTo(0.05, within(0.01));
        assertThat(counts.get(Fault.NONE) / (double) n).isCloseTo(0.75, within(0.015));
    }

    @Test
    void theSameSeedGivesTheSameFaultsWhateverTheOrderOfPrompts() {
        List<String> prompts = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            prompts.add("prompt " + i);
        }
        FaultPlan a = FaultPlan.parse("timeout=0.2,error=0.2,garbage=0.2", 7);
        FaultPlan b = FaultPlan.parse("timeout=0.2,error=0.2,garbage=0.2", 7);
        Map<String, Fault> first = new java.util.HashMap<>();
        prompts.forEach(p -> first.put(p, a.draw(p)));
        List<String> reversed = new ArrayList<>(prompts);
        java.util.Collections.reverse(reversed);
        reversed.forEach(p -> assertThat(b.draw(p)).as(p).isEqualTo(first.get(p)));
        FaultPlan other = FaultPlan.parse("timeout=0.2,error=0.2,garbage=0.2", 8);
        assertThat(prompts.stream().filter(p -> other.draw(p) != first.get(p)).count()).isPositive();
    }

    @Test
    void aRepeatedPromptGetsAFreshDraw() {
        FaultPlan plan = FaultPlan.parse("error=0.5", 1);
        List<Fault> draws = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            draws.add(plan.draw("the same prompt"));
        }
        assertThat(draws).contains(Fault.ERROR, Fault.NONE);
    }

    @Test
    void noFaultsByDefault() {
        assertThat(FaultPlan.parse(null, 1).draw("x")).isEqualTo(Fault.NONE);
        assertThat(FaultPlan.parse("timeout=1", 1).draw("x")).isEqualTo(Fault.TIMEOUT);
    }

    @Test
    void badSpecificationsAreRejectedWithAReadableMessage() {
        assertThatThrownBy(() -> FaultPlan.parse("latency=0.1", 1)).hasMessageContaining("unknown fault 'latency'");
        assertThatThrownBy(() -> FaultPlan.parse("timeout=lots", 1)).hasMessageContaining("must be a number");
        assertThatThrownBy(() -> FaultPlan.parse("timeout=1.5", 1)).hasMessageContaining("[0, 1]");
        assertThatThrownBy(() -> FaultPlan.parse("timeout=0.6,error=0.6", 1)).hasMessageContaining("more than 1");
        assertThatThrownBy(() -> FaultPlan.parse("timeout", 1)).hasMessageContaining("kind=rate");
    }
}
