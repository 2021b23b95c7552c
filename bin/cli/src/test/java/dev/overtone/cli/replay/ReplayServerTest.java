package dev.overtone.cli.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay server over real HTTP on a free port, answering from a one-question recording. */
class ReplayServerTest {
    private static final String QUESTION = "Return the rating of each hotel";

    @TempDir
    Path dir;
    private final List<String> logged = new CopyOnWriteArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();
    private ReplayServer server;

    @BeforeEach
    void start() throws IOException {
        server = server(FaultPlan.none());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aDefaultsPromptIsAnsweredWithTheRecordedInterpretations() throws Exception {
        HttpResponse<String> r = post(chat("llama", "Write every meaning of this question.\nThe question:\n" + QUESTION));

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(content(r)).isEqualTo("the stars\nthe review score");
        assertThat(server.counts()).containsEntry(ReplayServer.Outcome.DEFAULTS, 1L);
    }

    @Test
    void eachBadRequestGetsTheStatusVllmWouldGiveAndIsCounted() throws Exception {
        assertThat(post(chat("gpt-4", QUESTION)).statusCode()).isEqualTo(404);
        assertThat(post("{\"model\": \"llama\", \"stream\": true, \"messages\": [{\"content\": \"x\"}]}").statusCode()).isEqualTo(400);
        assertThat(post("{not json").statusCode()).isEqualTo(400);
        assertThat(post("{\"model\": \"llama\"}").statusCode()).isEqualTo(400);
        HttpResponse<String> get = http.send(HttpRequest.newBuilder(uri("/v1/chat/completions")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(get.statusCode()).isEqualTo(405);

        assertThat(server.counts()).containsEntry(ReplayServer.Outcome.UNKNOWN_MODEL, 1L).containsEntry(ReplayServer.Outcome.BAD_REQUEST, 3L);
        assertThat(ReplayServer.describe(server.counts())).isEqualTo("unknown model 1, bad request 3");
    }

    @Test
    void anUnmatchedPromptIsRefusedAndLogged() throws Exception {
        HttpResponse<String> r = post(chat("llama", "How many flights leave Lisbon on Mondays?"));

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(JsonParser.parseString(r.body()).getAsJsonObject().get("message").getAsString())
                .startsWith("no recorded output answers this prompt");
        assertThat(logged).singleElement().asString().startsWith("llm-replay: unmatched prompt");
    }

    @Test
    void anInjectedErrorIsAFiveHundredAndTheModelsAreListed() throws Exception {
        server.close();
        server = server(FaultPlan.parse("error=1", 7));

        assertThat(post(chat("llama", "The question:\n" + QUESTION)).statusCode()).isEqualTo(500);
        assertThat(server.counts()).containsEntry(ReplayServer.Outcome.ERROR, 1L).containsEntry(ReplayServer.Outcome.DEFAULTS, 0L);
        HttpResponse<String> models = http.send(HttpRequest.newBuilder(uri("/v1/models")).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(models.statusCode()).isEqualTo(200);
        assertThat(models.body()).contains("\"id\":\"coder\"", "\"id\":\"llama\"");
        assertThat(http.send(HttpRequest.newBuilder(uri("/elsewhere")).GET().build(), HttpResponse.BodyHandlers.ofString()).statusCode())
                .isEqualTo(404);
    }

    private ReplayServer server(FaultPlan faults) throws IOException {
        Path file = Files.writeString(dir.resolve("recorded-" + System.nanoTime() + ".jsonl"), "{\"id\": \"h1\", \"question\": \"" + QUESTION
                + "\", \"default_model\": \"llama\", \"sql_model\": \"coder\", \"defaults\": ["
                + "{\"interpretation\": \"the stars\", \"sql\": \"SELECT name, stars FROM hotels\"},"
                + "{\"interpretation\": \"the review score\", \"sql\": \"SELECT name, avg(score) FROM reviews GROUP BY name\"}]}\n");
        RecordedOutputs recorded = RecordedOutputs.read(file);
        ReplayServer s = new ReplayServer(recorded, recorded.models(), faults, Duration.ofMillis(10), "127.0.0.1", 0, logged::add);
        s.start();
        return s;
    }

    private HttpResponse<String> post(String body) throws Exception {
        return http.send(HttpRequest.newBuilder(uri("/v1/chat/completions")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }

    private static String chat(String model, String prompt) {
        JsonObject message = new JsonObject();
        message.addProperty("role", "user");
        message.addProperty("content", prompt);
        JsonObject request = new JsonObject();
        request.addProperty("model", model);
        JsonArray messages = new JsonArray();
        messages.add(message);
        request.add("messages", messages);
        return request.toString();
    }

    private static String content(HttpResponse<String> r) {
        return JsonParser.parseString(r.body()).getAsJsonObject().getAsJsonArray("choices").get(0).getAsJsonObject()
                .getAsJsonObject("message").get("content").getAsString();
    }
}
