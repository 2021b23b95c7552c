package dev.overtone.interpreter.client;

import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.runtime.llm.LlmSettings;
import dev.overtone.runtime.llm.OpenAiChat;
import dev.overtone.runtime.llm.RetryableModelFailure;
import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.faulttolerance.api.CircuitBreakerName;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.faulttolerance.Bulkhead;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

import java.time.Duration;
import java.util.OptionalInt;

/**
 * The LLM that writes default interpretations (the shared OpenAI-compatible client). Guarded by SmallRye
 * Fault Tolerance; the values here are defaults that application.properties overrides from the
 * {@code overtone.interpreter.llm.*} knobs.
 */
@ApplicationScoped
public class InterpretationModel {
    public static final String CIRCUIT = "interpreter-llm";

    private final OpenAiChat chat;

    public InterpretationModel(InterpreterConfig config) {
        var c = config.llm();
        this.chat = new OpenAiChat(new LlmSettings("overtone.interpreter.llm.base-url", c.baseUrl(), c.apiKey(), c.model(),
                0.0, OptionalInt.empty(), Duration.ofMillis(c.timeoutMs())));
    }

    public boolean configured() {
        return chat.configured();
    }

    @AsynchronousNonBlocking
    @Timeout(8000)
    @Retry(maxRetries = 1, delay = 200, jitter = 100, retryOn = {RetryableModelFailure.class, TimeoutException.class})
    @CircuitBreaker(requestVolumeThreshold = 20, failureRatio = 0.75, delay = 30000, successThreshold = 1)
    @CircuitBreakerName(CIRCUIT)
    @Bulkhead(value = 8, waitingTaskQueue = 16)
    public Uni<String> complete(String prompt) {
        return Uni.createFrom().item(() -> chat.complete(prompt)).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }
}
