package dev.overtone.cli.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay server over real HTTP, as an OpenAI-compatible client talks to it. */
class ReplayServerHttpTest {

    private final HttpClient http = HttpClient.newHttpClient();
    private final List<String> log = new ArrayList<>();

    private ReplayServer start(Path dir, FaultPlan faults, Duration hold) throws Exception {
        ReplayServer server = new ReplayServer(RecordedOutputs.read(ReplayFixtures.write(dir)), Set.of("gemma-2-9b-it"),
                faults, hold, "localhost", 0, log::add);
        server.start();
        return server;
    }

    private static String chatBody(String model, String system, String user) {
        JsonArray messages = new JsonArray();
        if (system != null) {
            JsonObject s = new JsonObject();
            s.addProperty("role", "system");
            s.addProperty("content", system);
            messages.add(s);
        }
        JsonObject u = new JsonObject();
        u.addProperty("role", "user");
        u.addProperty("content", user);
        messages.add(u);
        JsonObject body = new JsonObject();
        body.addProperty("model", model);
        body.add("messages", messages);
        body.addProperty("temperature", 0.0);
        return body.toString();
    }

    private HttpResponse<String> post(ReplayServer server, String body, Duration timeout) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + server.port() + "/v1/chat/completions"))
                .header("Content-Type", "application/json").timeout(timeout)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static String content(HttpResponse<String> response) {
        JsonObject json = JsonParser.parseString(response.body()).getAsJsonObject();
        assertThat(json.get("object").getAsString()).isEqualTo("chat.completion");
        return json.getAsJsonArray("choices").get(0).getAsJsonObject().getAsJsonObject("message").get("content").getAsString();
    }

    @Test
    void servesTheModelListAndAnswersBothPromptsWithTheRecordedText(@TempDir Path dir) throws Exception {
        try (ReplayServer server = start(dir, FaultPlan.none(), Duration.ZERO)) {
            HttpResponse<String> models = http.send(HttpRequest.newBuilder(
                    URI.create("http://localhost:" + server.port() + "/v1/models")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(models.statusCode()).isEqualTo(200);
            assertThat(JsonParser.parseString(models.body()).getAsJsonObject().getAsJsonArray("data").get(0).getAsJsonObject()
                    .get("id").getAsString()).isEqualTo("gemma-2-9b-it");

            HttpResponse<String> defaults = post(server, chatBody("gemma-2-9b-it", null,
                    ReplayFixtures.defaultsPrompt(ReplayFixtures.HOTEL_QUESTION)), Duration.ofSeconds(10));
            assertThat(defaults.statusCode()).isEqualTo(200);
            assertThat(content(defaults).lines()).containsExactly(ReplayFixtures.STARS, ReplayFixtures.REVIEWS,
                    "List the rating of every hotel", "Ritz");

            String prompt = ReplayFixtures.parsePrompt(ReplayFixtures.HOTEL_QUESTION, ReplayFixtures.STARS);
            int split = prompt.indexOf("Database:");
            HttpResponse<String> parse = post(server, chatBody("gemma-2-9b-it", prompt.substring(0, split), prompt.substring(split)),
                    Duration.ofSeconds(10));
            assertThat(parse.statusCode()).isEqualTo(200);
            assertThat(content(parse)).isEqualTo("SELECT name, stars FROM hotels");
            assertThat(server.counts().get(ReplayServer.Outcome.DEFAULTS)).isEqualTo(1);
            assertThat(server.counts().get(ReplayServer.Outcome.PARSE)).isEqualTo(1);
        }
    }

    @Test
    void unmatchedPromptsUnknownModelsAndMissingSqlAreHttpErrors(@TempDir Path dir) throws Exception {
        try (ReplayServer server = start(dir, FaultPlan.none(), Duration.ZERO)) {
            HttpResponse<String> unmatched = post(server, chatBody("gemma-2-9b-it", null,
                    ReplayFixtures.defaultsPrompt("Which guests stayed longest?")), Duration.ofSeconds(10));
            assertThat(unmatched.statusCode()).isEqualTo(400);
            assertThat(JsonParser.parseString(unmatched.body()).getAsJsonObject().get("message").getAsString())
                    .contains("no recorded output answers this prompt");
            assertThat(log).singleElement().asString().contains("unmatched prompt");

            HttpResponse<String> lora = post(server, chatBody("infill-lora", null,
                    ReplayFixtures.defaultsPrompt(ReplayFixtures.HOTEL_QUESTION)), Duration.ofSeconds(10));
            assertThat(lora.statusCode()).isEqualTo(404);
            JsonObject error = JsonParser.parseString(lora.body()).getAsJsonObject();
            assertThat(error.get("object").getAsString()).isEqualTo("error");
            assertThat(error.get("message").getAsString()).isEqualTo("The model `infill-lora` does not exist.");

            HttpResponse<String> noSql = post(server, chatBody("gemma-2-9b-it", null,
                    ReplayFixtures.parsePrompt(ReplayFixtures.HOTEL_QUESTION, "List the rating of every hotel")), Duration.ofSeconds(10));
            assertThat(noSql.statusCode()).isEqualTo(422);

            HttpResponse<String> notJson = post(server, "{\"model\": ", Duration.ofSeconds(10));
            assertThat(notJson.statusCode()).isEqualTo(400);
        }
    }

    @Test
    void injectedErrorsAndGarbageAreWhatAClientSees(@TempDir Path dir) throws Exception {
        String body = chatBody("gemma-2-9b-it", null, ReplayFixtures.defaultsPrompt(ReplayFixtures.HOTEL_QUESTION));
        try (ReplayServer server = start(dir, FaultPlan.parse("error=1", 3), Duration.ZERO)) {
            HttpResponse<String> r = post(server, body, Duration.ofSeconds(10));
            assertThat(r.statusCode()).isEqualTo(500);
            assertThat(JsonParser.parseString(r.body()).getAsJsonObject().get("type").getAsString()).isEqualTo("InternalServerError");
        }
        try (ReplayServer server = start(dir, FaultPlan.parse("garbage=1", 3), Duration.ZERO)) {
            for (String prompt : List.of("a", "ab")) {
                HttpResponse<String> r = post(server, chatBody("gemma-2-9b-it", null,
                        ReplayFixtures.defaultsPrompt(ReplayFixtures.HOTEL_QUESTION) + prompt), Duration.ofSeconds(10));
                assertThat(r.statusCode()).isEqualTo(200);
                assertThatThrownBy(() -> JsonParser.parseString(r.body()).getAsJsonObject().getAsJsonArray("choices")
                        .get(0).getAsJsonObject().getAsJsonObject("message").get("content").getAsString())
                        .as(r.body()).isInstanceOf(RuntimeException.class);
            }
            assertThat(server.counts().get(ReplayServer.Outcome.GARBAGE)).isEqualTo(2);
        }
    }

    @Test
    void anInjectedTimeoutHoldsTheRequestPastTheClientsTimeout(@TempDir Path dir) throws Exception {
        String body = chatBody("gemma-2-9b-it", null, ReplayFixtures.defaultsPrompt(ReplayFixtures.HOTEL_QUESTION));
        try (ReplayServer server = start(dir, FaultPlan.parse("timeout=1", 3), Duration.ofSeconds(30))) {
            assertThatThrownBy(() -> post(server, body, Duration.ofMillis(300))).isInstanceOf(HttpTimeoutException.class);
            assertThat(server.counts().get(ReplayServer.Outcome.TIMEOUT)).isEqualTo(1);
        }
    }
}
