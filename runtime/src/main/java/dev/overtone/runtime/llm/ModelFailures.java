package dev.overtone.runtime.llm;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.LangChain4jException;
import dev.langchain4j.exception.RateLimitException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;

import java.io.IOException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sorts what the OpenAI client threw into retryable and final failures, by HTTP status or cause:
 * 429 and 5xx, I/O faults, timeouts and unreadable bodies are retryable; any other 4xx is final, and so is an
 * answer without choices (langchain4j reports it as a server error though the endpoint answered 200).
 */
public final class ModelFailures {
    /** An answer without text: the endpoint answered, so asking again is not expected to help. */
    public static final String NO_TEXT = "the model returned no text (empty choices)";
    /** What langchain4j says, as an {@link InternalServerException}, when a 200 answer has no choices. */
    private static final String NO_CHOICES = "no choices returned";
    private static final Pattern STATUS = Pattern.compile("(?:status(?: code)?[ :=]*|HTTP )(\\d{3})", Pattern.CASE_INSENSITIVE);
    private static final int MAX_MESSAGE = 200;

    private ModelFailures() {
    }

    public static ModelFailure classify(Throwable thrown) {
        if (thrown instanceof ModelFailure already) {
            return already;
        }
        // A timeout often arrives wrapped (e.g. in a ProcessingException) and must not pass for a bad body.
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (isTimeout(t)) {
                return new ModelTimeout("the model endpoint did not answer in time");
            }
        }
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof InternalServerException && String.valueOf(t.getMessage()).contains(NO_CHOICES)) {
                return new ModelFailure(NO_TEXT);
            }
            int status = statusOf(t);
            if (status > 0) {
                String message = "HTTP " + status + " from the model endpoint";
                return status == 429 || status >= 500 ? new RetryableModelFailure(message) : new ModelFailure(message);
            }
            // A body cut off mid-JSON or a proxy's HTML page is a transport fault, not the model's answer: a
            // retry gets a fresh one (seen with the replay server's garbage faults, as with real proxies).
            if (isJson(t)) {
                return new RetryableModelFailure("malformed JSON from the model endpoint: " + firstLine(String.valueOf(t.getMessage())));
            }
            if (t instanceof ProcessingException) {
                Throwable json = t.getCause();
                while (json != null && !isJson(json)) {
                    json = json.getCause() == json ? null : json.getCause();
                }
                return new RetryableModelFailure(json != null
                        ? "malformed JSON from the model endpoint: " + firstLine(String.valueOf(json.getMessage()))
                        : "unreadable body from the model endpoint: " + firstLine(String.valueOf(t.getMessage())));
            }
            if (t instanceof IOException) {
                return new RetryableModelFailure("model endpoint unreachable: " + describe(t));
            }
        }
        return new ModelFailure("unusable model response: " + describe(thrown));
    }

    private static boolean isJson(Throwable t) {
        return t.getClass().getName().startsWith("com.fasterxml.jackson");
    }

    /** langchain4j's, the JDK's and Vert.x's timeouts share no type; their names and messages say it. */
    private static boolean isTimeout(Throwable t) {
        String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
        return t instanceof dev.langchain4j.exception.TimeoutException || t instanceof java.util.concurrent.TimeoutException
                || t.getClass().getSimpleName().toLowerCase(Locale.ROOT).contains("timeout")
                || message.contains("timed out") || message.contains("timeout");
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

    private static String describe(Throwable t) {
        return t.getMessage() == null || t.getMessage().isBlank() ? "no detail given" : firstLine(t.getMessage());
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        String line = nl < 0 ? s : s.substring(0, nl);
        return line.length() > MAX_MESSAGE ? line.substring(0, MAX_MESSAGE) + "..." : line;
    }
}
