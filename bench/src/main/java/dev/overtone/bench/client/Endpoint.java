package dev.overtone.bench.client;

/**
 * A {@code host:port} of a suite service's gRPC server, and the HTTP port beside it where it serves /q/health and
 * /q/metrics (as far from the gRPC port as the service's configuration sets them: {@code SuiteOptions} reads it).
 */
public record Endpoint(String host, int port, int httpPort) {
    /** The service's readiness probe. */
    public String readinessUri() {
        return "http://" + host + ":" + httpPort + "/q/health/ready";
    }

    /** {@code host:port} of the gRPC server, whose HTTP port is {@code httpPortOffset} from it. */
    public static Endpoint parse(String spec, int httpPortOffset) {
        int colon = spec.lastIndexOf(':');
        if (colon <= 0 || colon == spec.length() - 1) {
            throw new IllegalArgumentException("expected host:port, got '" + spec + "'");
        }
        try {
            int port = Integer.parseInt(spec.substring(colon + 1));
            return new Endpoint(spec.substring(0, colon), port, port + httpPortOffset);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected host:port with a numeric port, got '" + spec + "'");
        }
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
