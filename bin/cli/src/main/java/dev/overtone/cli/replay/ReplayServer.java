package dev.overtone.cli.replay;

import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * An OpenAI-compatible HTTP server (POST /v1/chat/completions, GET /v1/models, shaped as vLLM
 * serves them) that answers with recorded model outputs, found by {@link PromptMatcher} from the
 * prompt's text, and injects the faults of a {@link FaultPlan}.
 */
public final class ReplayServer implements AutoCloseable {

    /** What happened to the requests so far, by outcome. */
    public enum Outcome { DEFAULTS, PARSE, NO_SQL_RECORDED, UNMATCHED, UNKNOWN_MODEL, BAD_REQUEST, TIMEOUT, ERROR, GARBAGE }

    private final PromptMatcher matcher;
    private final Set<String> models;
    private final FaultPlan faults;
    private final Duration hold;
    private final Consumer<String> log;
    private final HttpServer server;
    private final ExecutorService workers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "llm-replay");
        t.setDaemon(true);
        return t;
    });
    private final Map<Outcome, AtomicLong> counts = new EnumMap<>(Outcome.class);
    private final AtomicLong ids = new AtomicLong();

    public ReplayServer(RecordedOutputs recorded, Set<String> models, FaultPlan faults, Duration hold, String host, int port,
                        Consumer<String> log) throws IOException {
        this.matcher = new PromptMatcher(recorded);
        this.models = Set.copyOf(models);
        this.faults = faults;
        this.hold = hold;
        this.log = log;
        for (Outcome o : Outcome.values()) {
            counts.put(o, new AtomicLong());
        }
        server = HttpServer.create(new InetSocketAddress(host, port), 64);
        server.createContext("/v1/models", this::models);
        server.createContext("/v1/chat/completions", this::chat);
        server.createContext("/", ex -> HttpBodies.sendError(ex, 404, "NotFoundError", "no route " + ex.getRequestURI().getPath()
                + "; this server has POST /v1/chat/completions and GET /v1/models"));
        server.setExecutor(workers);
    }

    public void start() {
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public Map<Outcome, Long> counts() {
        Map<Outcome, Long> out = new LinkedHashMap<>();
        counts.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }

    @Override
    public void close() {
        server.stop(0);
        workers.shutdownNow();
    }

    private void models(HttpExchange ex) throws IOException {
        if (!ex.getRequestMethod().equals("GET")) {
            HttpBodies.sendError(ex, 405, "BadRequestError", "use GET on /v1/models");
            return;
        }
        HttpBodies.sendJson(ex, 200, OpenAiJson.modelList(models).toString());
    }

    private void chat(HttpExchange ex) throws IOException {
        try {
            if (!ex.getRequestMethod().equals("POST")) {
                HttpBodies.sendError(ex, 405, "BadRequestError", "use POST on /v1/chat/completions");
                return;
            }
            JsonObject request;
            try {
                request = JsonParser.parseString(HttpBodies.read(ex)).getAsJsonObject();
            } catch (JsonParseException | IllegalStateException | IOException e) {
                count(Outcome.BAD_REQUEST);
                HttpBodies.sendError(ex, 400, "BadRequestError", "the body is not a JSON chat completion request: " + e.getMessage());
                return;
            }
            String model = request.has("model") && !request.get("model").isJsonNull() ? request.get("model").getAsString() : "";
            if (!models.contains(model)) {
                count(Outcome.UNKNOWN_MODEL);
                HttpBodies.sendError(ex, 404, "NotFoundError", "The model `" + model + "` does not exist.");
                return;
            }
            if (request.has("stream") && request.get("stream").isJsonPrimitive() && request.get("stream").getAsBoolean()) {
                count(Outcome.BAD_REQUEST);
                HttpBodies.sendError(ex, 400, "BadRequestError", "streaming is not supported by the replay server");
                return;
            }
            String prompt;
            try {
                prompt = OpenAiJson.prompt(request);
            } catch (IllegalStateException | UnsupportedOperationException e) {
                count(Outcome.BAD_REQUEST);
                HttpBodies.sendError(ex, 400, "BadRequestError", "\"messages\" must be a list of {role, content}: " + e.getMessage());
                return;
            }
            Fault fault = faults.draw(prompt);
            switch (fault) {
                case ERROR -> {
                    count(Outcome.ERROR);
                    HttpBodies.sendError(ex, 500, "InternalServerError", "injected fault: internal server error");
                    return;
                }
                case GARBAGE -> {
                    count(Outcome.GARBAGE);
                    garbage(ex, prompt);
                    return;
                }
                case TIMEOUT -> {
                    count(Outcome.TIMEOUT);
                    sleep(hold);
                }
                case NONE -> {
                }
            }
            answer(ex, model, prompt);
        } finally {
            ex.close();
        }
    }

    private void answer(HttpExchange ex, String model, String prompt) throws IOException {
        PromptMatcher.Match match = matcher.match(prompt);
        if (match instanceof PromptMatcher.Defaults d) {
            count(Outcome.DEFAULTS);
            HttpBodies.sendJson(ex, 200, completion(model, d.answer(), prompt).toString());
        } else if (match instanceof PromptMatcher.Parse p && p.sql().isPresent()) {
            count(Outcome.PARSE);
            HttpBodies.sendJson(ex, 200, completion(model, p.sql().get(), prompt).toString());
        } else if (match instanceof PromptMatcher.Parse p) {
            count(Outcome.NO_SQL_RECORDED);
            HttpBodies.sendError(ex, 422, "BadRequestError", "the recorded run has no SQL for the interpretation '"
                    + abbreviate(p.interpretation().text()) + "' (" + p.question().id() + ")");
        } else {
            String reason = ((PromptMatcher.NoMatch) match).reason();
            count(Outcome.UNMATCHED);
            log.accept("llm-replay: unmatched prompt (" + reason + "): " + abbreviate(prompt));
            HttpBodies.sendError(ex, 400, "BadRequestError", "no recorded output answers this prompt: " + reason);
        }
    }

    private JsonObject completion(String model, String content, String prompt) {
        return OpenAiJson.completion("chatcmpl-replay-" + ids.incrementAndGet(), model, content, prompt);
    }

    /** Half the time a body cut off mid-JSON, half the time a proxy's HTML page, both with status 200. */
    private void garbage(HttpExchange ex, String prompt) throws IOException {
        if ((prompt.length() & 1) == 0) {
            String whole = completion("replay", "SELECT 1", prompt).toString();
            HttpBodies.sendJson(ex, 200, whole.substring(0, whole.length() / 2));
        } else {
            HttpBodies.send(ex, 200, "text/html", "<html><body><h1>502 Bad Gateway</h1></body></html>");
        }
    }

    private void count(Outcome outcome) {
        counts.get(outcome).incrementAndGet();
    }

    private static void sleep(Duration d) {
        try {
            TimeUnit.MILLISECONDS.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String abbreviate(String s) {
        String one = s.replaceAll("\\s+", " ").strip();
        return one.length() > 160 ? one.substring(0, 160) + "..." : one;
    }

    public static String describe(Map<Outcome, Long> counts) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<Outcome, Long> e : counts.entrySet()) {
            if (e.getValue() > 0) {
                out.append(out.isEmpty() ? "" : ", ").append(e.getKey().name().toLowerCase(Locale.ROOT).replace('_', ' '))
                        .append(' ').append(e.getValue());
            }
        }
        return out.isEmpty() ? "no requests" : out.toString();
    }
}
