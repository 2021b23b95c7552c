package dev.overtone.runtime.llm;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.overtone.runtime.BuiltOnce;

import java.util.List;

/**
 * One OpenAI-compatible {@code /v1/chat/completions} endpoint (vLLM, Ollama, OpenAI), the client every
 * service that calls a model uses. Each failure comes out as a {@link ModelFailure} (retryable or not),
 * an answer without text too. Retries, circuit breakers and bulkheads are the caller's (SmallRye Fault
 * Tolerance on the service's own bean): this client never retries on its own.
 *
 * <p>The model is built on first use, so a service starts with no endpoint reachable. Its HTTP timeout
 * is the caller's timeout: a fault-tolerance layer that gives up on a call would otherwise leave the
 * blocking request holding its worker thread and pooled connection for as long as the endpoint takes
 * (seen with requests held past the timeout: a run of them filled the pool and the circuit never closed).
 * {@code OpenAiChatModel.builder()} is quarkus-langchain4j's builder (its SPI).
 */
public final class OpenAiChat {
    private final LlmSettings settings;
    private final BuiltOnce<ChatModel> model = new BuiltOnce<>(this::build);

    public OpenAiChat(LlmSettings settings) {
        this.settings = settings;
    }

    /** False when no endpoint is configured: callers then say so instead of calling (a call throws IllegalStateException). */
    public boolean configured() {
        return settings.baseUrl().isPresent();
    }

    public LlmSettings settings() {
        return settings;
    }

    /** One user message in, the model's text out. */
    public String complete(String prompt) {
        return ask(List.of(UserMessage.from(prompt)));
    }

    /** One system and one user message in, the model's text out. */
    public String complete(String system, String user) {
        return ask(List.of(SystemMessage.from(system), UserMessage.from(user)));
    }

    private String ask(List<ChatMessage> messages) {
        ChatModel chat = model.get();
        String answer;
        try {
            answer = chat.chat(messages).aiMessage().text();
        } catch (RuntimeException e) {
            throw ModelFailures.classify(e);
        }
        if (answer == null || answer.isBlank()) {
            throw new ModelFailure(ModelFailures.NO_TEXT);
        }
        return answer;
    }

    private ChatModel build() {
        String baseUrl = settings.baseUrl().orElseThrow(() -> new IllegalStateException(
                "no LLM endpoint is configured: set " + settings.baseUrlKey()));
        var builder = OpenAiChatModel.builder().baseUrl(baseUrl).apiKey(settings.apiKey()).modelName(settings.model())
                .temperature(settings.temperature()).timeout(settings.httpTimeout()).maxRetries(0);
        settings.maxTokens().ifPresent(builder::maxTokens);
        return builder.build();
    }
}
