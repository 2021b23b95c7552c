package dev.overtone.bench.client;

/** A {@code host:port} of a suite service. */
public record Endpoint(String host, int port) {

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
