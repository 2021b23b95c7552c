package dev.overtone.k8s;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How each service drains on SIGTERM, read from its own {@code application.properties} ({@code %prod.} first, as
 * {@link ServicePorts} reads ports): {@code quarkus.shutdown.timeout}, how long the calls held get to finish, and
 * {@code quarkus.shutdown.delay-enabled}, without which runtime's Drain runs only after the HTTP server has closed
 * (readiness never answers 503). A pod's own {@code QUARKUS_SHUTDOWN_TIMEOUT} wins over the file. And the longest a
 * call may run inside the suite: interpreter-svc's {@code overtone.interpreter.budget.total}, which caps every
 * Interpret and so every downstream call it makes.
 */
record DrainSettings(Map<String, Drain> byService, Duration longestCall) {

    static final String LONGEST_CALL = "overtone.interpreter.budget.total";

    static final String TIMEOUT = "quarkus.shutdown.timeout";
    static final String TIMEOUT_ENV = "QUARKUS_SHUTDOWN_TIMEOUT";
    static final String DELAY_ENABLED = "quarkus.shutdown.delay-enabled";
    private static final Pattern SIMPLE = Pattern.compile("(\\d+)(ms|s|m|h|d)?");

    /** One service's drain: its shutdown timeout (none: no graceful shutdown) and whether the drain starts first. */
    record Drain(Optional<Duration> timeout, boolean startsWhileServing) {
    }

    static DrainSettings read(Path checkout) {
        Map<String, Drain> drains = new LinkedHashMap<>();
        for (String service : ServicePorts.SERVICES) {
            Properties properties = ServicePorts.load(ServicePorts.applicationProperties(checkout, service));
            Optional<Duration> timeout = Optional.ofNullable(ServicePorts.prodValue(properties, TIMEOUT, null))
                    .map(DrainSettings::duration);
            boolean delay = Boolean.parseBoolean(ServicePorts.prodValue(properties, DELAY_ENABLED, null));
            drains.put(service, new Drain(timeout, delay));
        }
        Properties interpreter = ServicePorts.load(ServicePorts.applicationProperties(checkout, "interpreter-svc"));
        String budget = ServicePorts.prodValue(interpreter, LONGEST_CALL, null);
        if (budget == null) {
            throw new IllegalStateException("interpreter-svc's application.properties sets no " + LONGEST_CALL);
        }
        return new DrainSettings(Map.copyOf(drains), duration(budget));
    }

    /** A duration as Quarkus reads one: ISO-8601 ({@code PT10S}), or a number with ms, s, m, h or d (seconds without). */
    static Duration duration(String text) {
        String value = text.trim();
        if (value.startsWith("P") || value.startsWith("p")) {
            return Duration.parse(value);
        }
        Matcher simple = SIMPLE.matcher(value);
        if (!simple.matches()) {
            throw new IllegalArgumentException("'" + text + "' is no duration Quarkus reads (10s, 500ms, PT10S)");
        }
        long amount = Long.parseLong(simple.group(1));
        return switch (simple.group(2) == null ? "s" : simple.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "m" -> Duration.ofMinutes(amount);
            case "h" -> Duration.ofHours(amount);
            case "d" -> Duration.ofDays(amount);
            default -> Duration.ofSeconds(amount);
        };
    }
}
