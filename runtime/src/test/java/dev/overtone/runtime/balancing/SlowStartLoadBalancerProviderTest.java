package dev.overtone.runtime.balancing;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.NameResolver.ConfigOrError;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The policy's service config: the window and the cap on a young replica's open calls, as written and as read back. */
class SlowStartLoadBalancerProviderTest {

    private final SlowStartLoadBalancerProvider provider = new SlowStartLoadBalancerProvider("test_config", System::nanoTime);

    @Test
    @SuppressWarnings("unchecked")
    void theConfigItWritesReadsBackAsTheSameSlowStart() {
        for (boolean cap : new boolean[] {true, false}) {
            SlowStart written = new SlowStart(Duration.ofSeconds(10), cap);
            Object entry = SlowStartLoadBalancerProvider.config(written).get(SlowStartLoadBalancerProvider.POLICY);
            assertThat(provider.parseLoadBalancingPolicyConfig((Map<String, ?>) entry).getConfig()).isEqualTo(written);
        }
    }

    @Test
    void theCapIsOffWhenLeftOutAndAnythingButTrueOrFalseIsRefused() {
        assertThat(provider.parseLoadBalancingPolicyConfig(Map.of("windowMillis", 10000.0)).getConfig())
                .isEqualTo(new SlowStart(Duration.ofSeconds(10), false));
        ConfigOrError wrong = provider.parseLoadBalancingPolicyConfig(Map.of("windowMillis", 10000.0, "capOpenCalls", "yes"));
        assertThat(wrong.getError()).isNotNull();
        assertThat(wrong.getError().getDescription()).contains("capOpenCalls true or false, got yes");
    }
}
