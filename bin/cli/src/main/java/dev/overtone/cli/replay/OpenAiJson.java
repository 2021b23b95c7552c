package dev.overtone.cli.replay;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;

import java.util.Collection;

/** The bodies of OpenAI's chat API as vLLM writes them: a model list, a chat completion, an error; and a request's prompt. */
final class OpenAiJson {

    private OpenAiJson() {
    }

    static JsonObject modelList(Collection<String> models) {
        JsonArray data = new JsonArray();
        long created = System.currentTimeMillis() / 1000;
        for (String m : models.stream().sorted().toList()) {
            JsonObject model = new JsonObject();
            model.addProperty("id", m);
            model.addProperty("object", "model");
            model.addProperty("created", created);
            model.addProperty("owned_by", "vllm");
            model.addProperty("root", m);
            model.add("parent", JsonNull.INSTANCE);
            data.add(model);
        }
        JsonObject list = new JsonObject();
        list.addProperty("object", "list");
        list.add("data", data);
        return list;
    }

    /** One assistant message with {@code content}; token counts are words, which is all a caller of the replay reads. */
    static JsonObject completion(String id, String model, String content, String prompt) {
        JsonObject message = new JsonObject();
        message.addProperty("role", "assistant");
        message.addProperty("content", content);
        message.add("tool_calls", new JsonArray());
        JsonObject choice = new JsonObject();
        choice.addProperty("index", 0);
        choice.add("message", message);
        choice.add("logprobs", JsonNull.INSTANCE);
        choice.addProperty("finish_reason", "stop");
        choice.add("stop_reason", JsonNull.INSTANCE);
        JsonArray choices = new JsonArray();
        choices.add(choice);
        JsonObject usage = new JsonObject();
        int promptTokens = words(prompt);
        int completionTokens = words(content);
        usage.addProperty("prompt_tokens", promptTokens);
        usage.addProperty("total_tokens", promptTokens + completionTokens);
        usage.addProperty("completion_tokens", completionTokens);
        JsonObject out = new JsonObject();
        out.addProperty("id", id);
        out.addProperty("object", "chat.completion");
        out.addProperty("created", System.currentTimeMillis() / 1000);
        out.addProperty("model", model);
        out.add("choices", choices);
        out.add("usage", usage);
        return out;
    }

    static JsonObject error(int status, String type, String message) {
        JsonObject body = new JsonObject();
        body.addProperty("object", "error");
        body.addProperty("message", message);
        body.addProperty("type", type);
        body.add("param", JsonNull.INSTANCE);
        body.addProperty("code", status);
        return body;
    }

    /** Every message's text content, in order, one per line. */
    static String prompt(JsonObject request) {
        JsonElement messages = request.get("messages");
        if (messages == null || !messages.isJsonArray() || messages.getAsJsonArray().isEmpty()) {
            throw new IllegalStateException("no messages");
        }
        StringBuilder out = new StringBuilder();
        for (JsonElement m : messages.getAsJsonArray()) {
            JsonElement content = m.getAsJsonObject().get("content");
            if (content == null || content.isJsonNull()) {
                continue;
            }
            if (content.isJsonArray()) {
                // OpenAI's content parts: [{"type": "text", "text": ...}, ...]
                for (JsonElement part : content.getAsJsonArray()) {
                    JsonElement text = part.getAsJsonObject().get("text");
                    if (text != null && !text.isJsonNull()) {
                        out.append(text.getAsString()).append('\n');
                    }
                }
            } else {
                out.append(content.getAsString()).append('\n');
            }
        }
        return out.toString();
    }

    private static int words(String s) {
        return s.isBlank() ? 0 : s.strip().split("\\s+").length;
    }
}
