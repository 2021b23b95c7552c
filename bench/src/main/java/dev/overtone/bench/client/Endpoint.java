package dev.overtone.bench.client;

/** A {@code host:port} of a suite service's gRPC server. */
public record Endpoint(String host, int port) {
    /** The suite serves /q/health and /q/metrics on each service's gRPC port + 10 (bin/overtone's layout). */
    static final int HTTP_PORT_OFFSET = 10;

    /** The service's readiness probe. */
    public String readinessUri() {
        return "http://" + host + ":" + (port + HTTP_PORT_OFFSET) + "/q/health/ready";
    }

    public static Endpoint parse(String spec) {
        int colon = spec.lastIndexOf(':');
        if (colon <= 0 || colon == spec.length() - 1) {
            throw new IllegalArgumentException("expected host:port, got '" + spec + "'");
        }
        try {
            return new Endpoint(spec.substring(0, colon), Integer.parseInt(spec.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected host:port with a numeric port, got '" + spec + "'");
        }
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
