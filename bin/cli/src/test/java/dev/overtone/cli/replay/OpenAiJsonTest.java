package dev.overtone.cli.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenAiJsonTest {

    @Test
    void thePromptIsEveryMessagesTextInOrderContentPartsIncluded() {
        JsonObject request = json("""
                {"model": "m", "messages": [
                  {"role": "system", "content": "You read questions."},
                  {"role": "assistant", "content": null},
                  {"role": "user", "content": [{"type": "text", "text": "The question:"}, {"type": "image_url"}, {"type": "text", "text": "rating?"}]}
                ]}""");

        assertThat(OpenAiJson.prompt(request)).isEqualTo("You read questions.\nThe question:\nrating?\n");
    }

    @Test
    void aRequestWithoutMessagesIsRefused() {
        assertThatThrownBy(() -> OpenAiJson.prompt(json("{\"model\": \"m\"}"))).hasMessage("no messages");
        assertThatThrownBy(() -> OpenAiJson.prompt(json("{\"messages\": []}"))).hasMessage("no messages");
        assertThatThrownBy(() -> OpenAiJson.prompt(json("{\"messages\": \"hi\"}"))).hasMessage("no messages");
    }

    @Test
    void aCompletionCarriesTheContentAndCountsWordsAsTokens() {
        JsonObject c = OpenAiJson.completion("chatcmpl-1", "llama", "SELECT stars FROM hotels", "three word prompt\n");

        assertThat(c.get("object").getAsString()).isEqualTo("chat.completion");
        assertThat(c.getAsJsonArray("choices").get(0).getAsJsonObject().getAsJsonObject("message").get("content").getAsString())
                .isEqualTo("SELECT stars FROM hotels");
        JsonObject usage = c.getAsJsonObject("usage");
        assertThat(usage.get("prompt_tokens").getAsInt()).isEqualTo(3);
        assertThat(usage.get("completion_tokens").getAsInt()).isEqualTo(4);
        assertThat(usage.get("total_tokens").getAsInt()).isEqualTo(7);
        assertThat(OpenAiJson.completion("c", "m", "  ", "").getAsJsonObject("usage").get("total_tokens").getAsInt()).isZero();
    }

    @Test
    void modelsAreListedInNameOrderAndAnErrorCarriesItsStatus() {
        JsonObject list = OpenAiJson.modelList(List.of("zeta", "alpha"));
        assertThat(list.getAsJsonArray("data").asList()).extracting(m -> m.getAsJsonObject().get("id").getAsString())
                .containsExactly("alpha", "zeta");

        JsonObject error = OpenAiJson.error(404, "NotFoundError", "The model `x` does not exist.");
        assertThat(error.get("code").getAsInt()).isEqualTo(404);
        assertThat(error.get("type").getAsString()).isEqualTo("NotFoundError");
        assertThat(error.get("message").getAsString()).isEqualTo("The model `x` does not exist.");
    }

    private static JsonObject json(String text) {
        return JsonParser.parseString(text).getAsJsonObject();
    }
}
