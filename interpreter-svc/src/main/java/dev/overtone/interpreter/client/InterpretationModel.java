package dev.overtone.interpreter.client;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.interpreter.config.LlmEndpoint;
import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.faulttolerance.api.CircuitBreakerName;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.Bulkhead;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

import java.time.Duration;

/**
 * The LLM that writes default interpretations (OpenAI-compatible chat completions through
 * quarkus-langchain4j). Guarded by SmallRye Fault Tolerance; the values here are defaults that
 * application.properties overrides from the {@code overtone.interpreter.llm.*} knobs.
 */
@ApplicationScoped
public class InterpretationModel {
    public static final String CIRCUIT = "interpreter-llm";

    @Inject
    InterpreterConfig config;

    private volatile ChatModel chatModel;

    /**
     * The HTTP timeout is the fault-tolerance timeout: the fault-tolerance layer gives up on the Uni, but the
     * blocking call underneath would otherwise hold its worker thread and pooled connection for as long as
     * the endpoint takes (seen with requests held past the timeout: a run of timeouts filled the pool, every
     * later call timed out waiting for a connection and the circuit never closed again).
     * Built here rather than injected so that the client never retries on its own: retries are the
     * fault-tolerance layer's, and only for retryable failures (the provider's config insists on at
     * least one client retry). OpenAiChatModel.builder() is quarkus-langchain4j's builder (its SPI).
     */
    private ChatModel chatModel() {
        if (chatModel == null) {
            synchronized (this) {
                if (chatModel == null) {
                    var c = config.llm();
                    chatModel = OpenAiChatModel.builder().baseUrl(LlmEndpoint.baseUrl(c.baseUrl()).orElseThrow()).apiKey(c.apiKey())
                            .modelName(c.model()).temperature(0.0).timeout(Duration.ofMillis(c.timeoutMs())).maxRetries(0).build();
                }
            }
        }
        return chatModel;
    }

    @AsynchronousNonBlocking
    @Timeout(8000)
    @Retry(maxRetries = 1, delay = 200, jitter = 100, retryOn = {RetryableModelFailure.class, TimeoutException.class})
    @CircuitBreaker(requestVolumeThreshold = 20, failureRatio = 0.75, delay = 30000, successThreshold = 1)
    @CircuitBreakerName(CIRCUIT)
    @Bulkhead(value = 8, waitingTaskQueue = 16)
    public Uni<String> complete(String prompt) {
        return Uni.createFrom().item(() -> ask(prompt)).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private String ask(String prompt) {
        String answer;
        try {
            answer = chatModel().chat(prompt);
        } catch (RuntimeException e) {
            throw ModelFailures.classify(e);
        }
        if (answer == null || answer.isBlank()) {
            throw new ModelFailure("the model returned no text (empty choices)");
        }
        return answer;
    }
}
