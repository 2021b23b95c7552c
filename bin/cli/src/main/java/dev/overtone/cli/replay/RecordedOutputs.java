package dev.overtone.cli.replay;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The real model outputs of an Ambrosia*-format file: per question, the default interpretations
 * the first LLM wrote and the SQL the second LLM wrote for each of them.
 */
public record RecordedOutputs(List<Question> questions, Set<String> models) {

    /** One recorded interpretation and every SQL written for it (empty when none could be parsed). */
    public record Interpretation(String text, List<String> sqls) {
    }

    public record Question(String id, String text, List<Interpretation> interpretations) {
    }

    public static RecordedOutputs read(Path file) throws IOException {
        List<Question> questions = new ArrayList<>();
        Set<String> models = new LinkedHashSet<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                try {
                    JsonObject o = JsonParser.parseString(line).getAsJsonObject();
                    questions.add(question(o, number));
                    addModel(models, o, "default_model");
                    addModel(models, o, "sql_model");
                } catch (JsonParseException | IllegalStateException | UnsupportedOperationException e) {
                    throw new IOException(file + " line " + number + " is not an Ambrosia*-format example: " + e.getMessage());
                }
            }
        }
        if (questions.isEmpty()) {
            throw new IOException(file + " holds no examples");
        }
        return new RecordedOutputs(List.copyOf(questions), Set.copyOf(models));
    }

    private static Question question(JsonObject o, int line) {
        String text = string(o, "question");
        if (text == null || text.isBlank()) {
            throw new IllegalStateException("no \"question\"");
        }
        List<Interpretation> interpretations = new ArrayList<>();
        JsonElement defaults = o.get("defaults");
        if (defaults != null && defaults.isJsonArray()) {
            for (JsonElement d : defaults.getAsJsonArray()) {
                JsonObject def = d.getAsJsonObject();
                String interpretation = string(def, "interpretation");
                if (interpretation == null || interpretation.isBlank()) {
                    continue;
                }
                List<String> sqls = new ArrayList<>();
                JsonElement all = def.get("sqls");
                if (all != null && all.isJsonArray()) {
                    for (JsonElement s : (JsonArray) all) {
                        if (!s.isJsonNull() && !s.getAsString().isBlank()) {
                            sqls.add(s.getAsString());
                        }
                    }
                }
                String first = string(def, "sql");
                if (sqls.isEmpty() && first != null && !first.isBlank()) {
                    sqls.add(first);
                }
                interpretations.add(new Interpretation(interpretation, List.copyOf(sqls)));
            }
        }
        String id = string(o, "id");
        return new Question(id == null ? "line-" + line : id, text, List.copyOf(interpretations));
    }

    private static void addModel(Set<String> models, JsonObject o, String key) {
        String m = string(o, key);
        if (m != null && !m.isBlank()) {
            models.add(m);
        }
    }

    private static String string(JsonObject o, String key) {
        JsonElement e = o.get(key);
        return e == null || e.isJsonNull() ? null : e.getAsString();
    }
}
