package dev.overtone.infill.client;

import dev.overtone.infill.config.InfillConfig;
import dev.overtone.runtime.llm.LlmSettings;
import dev.overtone.runtime.llm.ModelTimeout;
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

import java.time.Duration;
import java.util.OptionalInt;

/**
 * The infilling model on vLLM (the shared OpenAI-compatible client, the LoRA adapter's name as the model).
 * Timeout, retry with jitter on retryable failures only, circuit breaker and bulkhead; application.properties
 * drives them from the {@code overtone.infill.model.*} knobs.
 */
@ApplicationScoped
public class InfillModel {
    public static final String CIRCUIT = "infill-model";

    private final OpenAiChat chat;

    public InfillModel(InfillConfig config) {
        var c = config.model();
        this.chat = new OpenAiChat(new LlmSettings("overtone.infill.model.base-url", c.baseUrl(), c.apiKey(), c.name(),
                0.0, OptionalInt.empty(), Duration.ofMillis(c.timeoutMs())));
    }

    public boolean configured() {
        return chat.configured();
    }

    @AsynchronousNonBlocking
    @Timeout(5000)
    @Retry(maxRetries = 1, delay = 200, jitter = 100, retryOn = RetryableModelFailure.class, abortOn = ModelTimeout.class)
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = 30000, successThreshold = 1)
    @CircuitBreakerName(CIRCUIT)
    @Bulkhead(value = 8, waitingTaskQueue = 16)
    public Uni<String> complete(String prompt) {
        return Uni.createFrom().item(() -> chat.complete(prompt)).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }
}
