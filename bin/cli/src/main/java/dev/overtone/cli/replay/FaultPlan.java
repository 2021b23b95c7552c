package dev.overtone.cli.replay;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Injected faults at given rates, e.g. {@code timeout=0.1,error=0.1,garbage=0.05}. The draw for a
 * request depends only on the seed, the prompt and how often that prompt was seen before, not on the
 * order in which concurrent requests arrive: a rerun with the same seed injects the same faults into
 * the same prompts, and a retry of a prompt gets a fresh draw.
 */
public final class FaultPlan {
    private final Map<Fault, Double> rates;
    private final long seed;
    private final Map<String, Integer> seen = new ConcurrentHashMap<>();

    private FaultPlan(Map<Fault, Double> rates, long seed) {
        this.rates = rates;
        this.seed = seed;
    }

    public static FaultPlan none() {
        return new FaultPlan(new EnumMap<>(Fault.class), 0);
    }

    /** Parses {@code kind=rate,...} with kinds timeout, error, garbage and rates in [0, 1] summing to at most 1. */
    public static FaultPlan parse(String spec, long seed) {
        Map<Fault, Double> rates = new EnumMap<>(Fault.class);
        if (spec == null || spec.isBlank()) {
            return new FaultPlan(rates, seed);
        }
        for (String part : spec.split(",")) {
            String[] kv = part.split("=", 2);
            if (kv.length != 2) {
                throw new IllegalArgumentException("--faults: '" + part.strip() + "' is not kind=rate (e.g. timeout=0.1)");
            }
            Fault fault = switch (kv[0].strip().toLowerCase(Locale.ROOT)) {
                case "timeout" -> Fault.TIMEOUT;
                case "error" -> Fault.ERROR;
                case "garbage" -> Fault.GARBAGE;
                default -> throw new IllegalArgumentException("--faults: unknown fault '" + kv[0].strip()
                        + "'; the kinds are timeout, error and garbage");
            };
            double rate;
            try {
                rate = Double.parseDouble(kv[1].strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--faults: the rate of " + kv[0].strip() + " must be a number in [0, 1], got '"
                        + kv[1].strip() + "'");
            }
            if (!(rate >= 0 && rate <= 1)) {
                throw new IllegalArgumentException("--faults: the rate of " + kv[0].strip() + " must be in [0, 1], got " + rate);
            }
            rates.put(fault, rate);
        }
        double total = rates.values().stream().mapToDouble(Double::doubleValue).sum();
        if (total > 1 + 1e-9) {
            throw new IllegalArgumentException("--faults: the rates add up to " + total + ", more than 1");
        }
        return new FaultPlan(rates, seed);
    }

    public double rate(Fault fault) {
        return rates.getOrDefault(fault, 0.0);
    }

    /** The fault for this request of {@code prompt}. */
    public Fault draw(String prompt) {
        if (rates.isEmpty()) {
            return Fault.NONE;
        }
        int occurrence = seen.merge(prompt, 1, Integer::sum);
        double u = new SplittableRandom(seed * 31 + (long) prompt.hashCode() * 1_000_003L + occurrence).nextDouble();
        double edge = 0;
        for (Fault f : new Fault[]{Fault.TIMEOUT, Fault.ERROR, Fault.GARBAGE}) {
            edge += rate(f);
            if (u < edge) {
                return f;
            }
        }
        return Fault.NONE;
    }

    @Override
    public String toString() {
        return rates.isEmpty() ? "none" : String.format(Locale.ROOT, "timeout=%s, error=%s, garbage=%s",
                rate(Fault.TIMEOUT), rate(Fault.ERROR), rate(Fault.GARBAGE));
    }
}
