package dev.overtone.interpreter.client;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.LangChain4jException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.TimeoutException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;

import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Sorts what the OpenAI client threw into retryable and final failures, by HTTP status or I/O cause. */
final class ModelFailures {
    private static final Pattern STATUS = Pattern.compile("(?:status(?: code)?[ :=]*|HTTP )(\\d{3})", Pattern.CASE_INSENSITIVE);

    private ModelFailures() {
    }

    static ModelFailure classify(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            int status = statusOf(t);
            if (status > 0) {
                String message = "HTTP " + status + " from the model endpoint";
                return status == 429 || status >= 500 ? new RetryableModelFailure(message) : new ModelFailure(message);
            }
            // A body cut off mid-JSON or a proxy's HTML page is a transport fault, not the model's answer: a
            // retry gets a fresh one (seen with the replay server's garbage faults, as with real proxies).
            if (t.getClass().getName().startsWith("com.fasterxml.jackson")) {
                return new RetryableModelFailure("malformed JSON from the model endpoint: " + firstLine(String.valueOf(t.getMessage())));
            }
            if (t instanceof ProcessingException) {
                Throwable json = t.getCause();
                while (json != null && !json.getClass().getName().startsWith("com.fasterxml.jackson")) {
                    json = json.getCause() == json ? null : json.getCause();
                }
                return new RetryableModelFailure(json != null
                        ? "malformed JSON from the model endpoint: " + firstLine(String.valueOf(json.getMessage()))
                        : "unreadable body from the model endpoint: " + firstLine(String.valueOf(t.getMessage())));
            }
            if (t instanceof IOException || t instanceof TimeoutException) {
                return new RetryableModelFailure("model endpoint unreachable: " + t.getClass().getSimpleName()
                        + (t.getMessage() == null ? "" : " " + t.getMessage()));
            }
        }
        return new ModelFailure("unusable model response: " + thrown.getClass().getSimpleName()
                + (thrown.getMessage() == null ? "" : " " + firstLine(thrown.getMessage())));
    }

    private static int statusOf(Throwable t) {
        if (t instanceof WebApplicationException web && web.getResponse() != null) {
            return web.getResponse().getStatus();
        }
        if (t instanceof HttpException http) {
            return http.statusCode();
        }
        if (t instanceof RateLimitException) {
            return 429;
        }
        if (t instanceof InternalServerException) {
            return 500;
        }
        if (t instanceof LangChain4jException && t.getMessage() != null) {
            Matcher m = STATUS.matcher(t.getMessage());
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
        }
        return -1;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        String line = nl < 0 ? s : s.substring(0, nl);
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }
}
