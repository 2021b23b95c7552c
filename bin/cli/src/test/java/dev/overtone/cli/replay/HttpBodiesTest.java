package dev.overtone.cli.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;

import com.google.gson.JsonParser;
import com.sun.net.httpserver.HttpServer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Request and response bodies on a real JDK HTTP server: UTF-8 both ways, a bounded read, errors as vLLM words them. */
class HttpBodiesTest {
    private static final int MAX_BODY_BYTES = 4 << 20;

    private final HttpClient http = HttpClient.newHttpClient();
    private final AtomicReference<String> read = new AtomicReference<>();
    private HttpServer server;

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void aBodyIsReadAndSentAsUtf8WithItsTypeAndLength() throws Exception {
        start();

        HttpResponse<byte[]> response = post("Wie viele Hotels haben fünf Sterne? — 5★");

        assertThat(read.get()).isEqualTo("Wie viele Hotels haben fünf Sterne? — 5★");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("text/plain; charset=utf-8");
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("echo: " + read.get());
        assertThat(response.headers().firstValueAsLong("Content-Length")).hasValue(response.body().length);
    }

    @Test
    void aBodyUpToTheBoundIsReadAndOneByteMoreIsRefused() throws Exception {
        start();

        assertThat(post("x".repeat(MAX_BODY_BYTES)).statusCode()).isEqualTo(200);
        assertThat(read.get()).hasSize(MAX_BODY_BYTES);

        HttpResponse<byte[]> tooLarge = post("x".repeat(MAX_BODY_BYTES + 1));
        assertThat(tooLarge.statusCode()).isEqualTo(413);
        var error = JsonParser.parseString(new String(tooLarge.body(), StandardCharsets.UTF_8))
                .getAsJsonObject();
        assertThat(error.toString()).contains("the body is larger than " + MAX_BODY_BYTES + " bytes");
        assertThat(tooLarge.headers().firstValue("Content-Type")).hasValue("application/json");
    }

    private void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
        server.createContext("/", ex -> {
            try {
                read.set(HttpBodies.read(ex));
                HttpBodies.send(ex, 200, "text/plain; charset=utf-8", "echo: " + read.get());
            } catch (IOException e) {
                HttpBodies.sendError(ex, 413, "BadRequestError", e.getMessage());
            }
        });
        server.start();
    }

    private HttpResponse<byte[]> post(String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + server.getAddress().getPort() + "/"))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }
}
