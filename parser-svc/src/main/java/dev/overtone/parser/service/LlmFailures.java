package dev.overtone.parser.service;

import dev.langchain4j.exception.HttpException;
import jakarta.ws.rs.WebApplicationException;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which failures of a model call are worth one more try: everything but an HTTP 4xx other than 429.
 * Timeouts, 5xx, a body cut off mid-JSON or an HTML page from a proxy, and dropped connections pass;
 * a 4xx (unknown model, bad request) would only fail again.
 */
final class LlmFailures {
    private static final Pattern STATUS = Pattern.compile("(?:status(?: code)?[ :=]*|HTTP )(\\d{3})", Pattern.CASE_INSENSITIVE);

    private LlmFailures() {
    }

    static boolean retryable(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            int status = statusOf(t);
            if (status > 0) {
                return status == 429 || status >= 500;
            }
        }
        return true;
    }

    private static int statusOf(Throwable t) {
        if (t instanceof WebApplicationException web && web.getResponse() != null) {
            return web.getResponse().getStatus();
        }
        if (t instanceof HttpException http) {
            return http.statusCode();
        }
        if (t.getMessage() != null && t.getClass().getName().startsWith("dev.langchain4j")) {
            Matcher m = STATUS.matcher(t.getMessage());
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
        }
        return -1;
    }
}
