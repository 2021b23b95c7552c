package dev.overtone.runtime.balancing;

import io.grpc.LoadBalancer;
import io.grpc.LoadBalancerProvider;
import io.grpc.LoadBalancerRegistry;
import io.grpc.NameResolver.ConfigOrError;
import io.grpc.Status;
import io.grpc.protobuf.services.HealthCheckingLoadBalancerUtil;

import java.time.Duration;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The {@value #POLICY} load-balancing policy ({@link SlowStartLoadBalancer}), configured in a channel's service config
 * as {@code {"overtone_slow_start": {"windowMillis": 10000, "capOpenCalls": false}}} ({@code capOpenCalls} false when left
 * out). Wrapped in grpc-services' client-side health checking, as
 * grpc-services wraps round_robin, so a replica joins the rotation (and its slow start begins) when it reports SERVING.
 */
public final class SlowStartLoadBalancerProvider extends LoadBalancerProvider {

    public static final String POLICY = "overtone_slow_start";
    static final String WINDOW_MILLIS = "windowMillis";
    static final String CAP_OPEN_CALLS = "capOpenCalls";

    private static final SlowStartLoadBalancerProvider INSTANCE = new SlowStartLoadBalancerProvider(POLICY, System::nanoTime);

    private final String policy;
    private final LongSupplier nanoTime;

    static {
        LoadBalancerRegistry.getDefaultRegistry().register(INSTANCE);
    }

    /** A provider of the policy under another name, on another clock (tests). */
    SlowStartLoadBalancerProvider(String policy, LongSupplier nanoTime) {
        this.policy = policy;
        this.nanoTime = nanoTime;
    }

    /** Registers the policy with grpc-java's default registry (once; a channel built after this can name it). */
    public static void register() {
        // the static initializer did it
    }

    /** The service config entry of the policy for {@code slowStart}. */
    public static Map<String, Object> config(SlowStart slowStart) {
        return Map.of(POLICY, Map.of(WINDOW_MILLIS, (double) slowStart.window().toMillis(), CAP_OPEN_CALLS, slowStart.capOpenCalls()));
    }

    @Override
    public boolean isAvailable() {
        return true;
    }

    @Override
    public int getPriority() {
        return 5;
    }

    @Override
    public String getPolicyName() {
        return policy;
    }

    @Override
    public LoadBalancer newLoadBalancer(LoadBalancer.Helper helper) {
        return HealthCheckingLoadBalancerUtil.newHealthCheckingLoadBalancer(new LoadBalancer.Factory() {
            @Override
            public LoadBalancer newLoadBalancer(LoadBalancer.Helper childHelper) {
                return new SlowStartLoadBalancer(childHelper, nanoTime);
            }
        }, helper);
    }

    @Override
    public ConfigOrError parseLoadBalancingPolicyConfig(Map<String, ?> config) {
        Object window = config.get(WINDOW_MILLIS);
        if (!(window instanceof Number millis) || millis.doubleValue() < 0) {
            return ConfigOrError.fromError(Status.INTERNAL.withDescription(
                    policy + " needs a non-negative " + WINDOW_MILLIS + ", got " + window));
        }
        Object cap = config.get(CAP_OPEN_CALLS);
        if (cap != null && !(cap instanceof Boolean)) {
            return ConfigOrError.fromError(Status.INTERNAL.withDescription(
                    policy + " needs " + CAP_OPEN_CALLS + " true or false, got " + cap));
        }
        return ConfigOrError.fromConfig(new SlowStart(Duration.ofMillis(millis.longValue()), Boolean.TRUE.equals(cap)));
    }
}
