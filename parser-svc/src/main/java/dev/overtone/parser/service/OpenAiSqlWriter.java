package dev.overtone.parser.service;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.overtone.parser.config.ParserConfig;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Talks to any OpenAI-compatible {@code /v1/chat/completions} endpoint (vLLM, Ollama, OpenAI)
 * through langchain4j. Built from our own configuration on first use, so the service starts with
 * no model configured.
 */
@ApplicationScoped
public class OpenAiSqlWriter implements SqlWriter {

    private final ParserConfig.Llm config;
    private volatile ChatModel model;

    public OpenAiSqlWriter(ParserConfig config) {
        this.config = config.llm();
    }

    @Override
    public boolean configured() {
        return config.baseUrl().filter(s -> !s.isBlank()).isPresent();
    }

    @Override
    public String complete(String system, String user) {
        return model().chat(SystemMessage.from(system), UserMessage.from(user)).aiMessage().text();
    }

    private ChatModel model() {
        if (!configured())
            throw new IllegalStateException("no LLM endpoint is configured: set overtone.parser.llm.base-url (env OVERTONE_LLM_BASE_URL)");
        ChatModel m = model;
        if (m == null) {
            synchronized (this) {
                if (model == null) {
                    model = OpenAiChatModel.builder()
                            .baseUrl(config.baseUrl().orElseThrow())
                            .apiKey(config.apiKey().filter(k -> !k.isBlank()).orElse("not-needed"))
                            .modelName(config.model())
                            .temperature(config.temperature())
                            .maxTokens(config.maxTokens())
                            .timeout(config.timeout())
                            .maxRetries(0)
                            .build();
                }
                m = model;
            }
        }
        return m;
    }
}
