package dev.overtone.clarify.repository;

import dev.overtone.clarify.memory.Choice;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Remembered choices as a JSON column: the ones that decided forks of a session, kept with it and its resolution. */
public final class ChoiceCodec {

    private ChoiceCodec() {
    }

    public static String json(List<Choice> choices) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Choice c : choices) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", c.id().toString());
            m.put("tenant", c.tenant());
            m.put("database", c.database());
            m.put("clause", c.clause());
            m.put("pivot_term", c.pivotTerm());
            m.put("chosen_value", c.chosenValue());
            m.put("rejected_values", c.rejectedValues());
            m.put("chosen_label", c.chosenLabel());
            m.put("question", c.question());
            m.put("source", c.source().name());
            m.put("chosen_at", c.chosenAt().toString());
            m.put("expires_at", c.expiresAt().toString());
            out.add(m);
        }
        return JsonColumns.write(out);
    }

    @SuppressWarnings("unchecked")
    public static List<Choice> choices(String json) {
        List<Choice> out = new ArrayList<>();
        if (json == null || json.isBlank()) {
            return out;
        }
        for (Map<String, Object> m : JsonColumns.maps(json)) {
            out.add(new Choice(UUID.fromString((String) m.get("id")), (String) m.get("tenant"), (String) m.get("database"),
                    (String) m.get("clause"), (String) m.get("pivot_term"), (String) m.get("chosen_value"),
                    List.copyOf((List<String>) m.get("rejected_values")), (String) m.get("chosen_label"), (String) m.get("question"),
                    Choice.Source.valueOf((String) m.get("source")), Instant.parse((String) m.get("chosen_at")),
                    Instant.parse((String) m.get("expires_at"))));
        }
        return out;
    }
}
