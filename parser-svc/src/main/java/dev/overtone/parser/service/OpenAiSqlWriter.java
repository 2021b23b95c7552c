package dev.overtone.parser.service;

import dev.overtone.parser.config.ParserConfig;
import dev.overtone.runtime.llm.LlmSettings;
import dev.overtone.runtime.llm.OpenAiChat;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.OptionalInt;

/**
 * Writes SQL with any OpenAI-compatible {@code /v1/chat/completions} endpoint (vLLM, Ollama, OpenAI)
 * through the shared client; its failures come out as {@code ModelFailure}s, retryable or not.
 */
@ApplicationScoped
public class OpenAiSqlWriter implements SqlWriter {

    private final OpenAiChat chat;

    public OpenAiSqlWriter(ParserConfig config) {
        ParserConfig.Llm c = config.llm();
        this.chat = new OpenAiChat(new LlmSettings("overtone.parser.llm.base-url", c.baseUrl(), c.apiKey().orElse(null), c.model(),
                c.temperature(), OptionalInt.of(c.maxTokens()), c.timeout()));
    }

    @Override
    public boolean configured() {
        return chat.configured();
    }

    @Override
    public String complete(String system, String user) {
        return chat.complete(system, user);
    }
}
