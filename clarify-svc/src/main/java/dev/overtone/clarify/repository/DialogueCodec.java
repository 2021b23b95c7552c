package dev.overtone.clarify.repository;

import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.PlannedQuestion;
import dev.overtone.clarify.service.VariableStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Between the dialogue's values and their stored rows. */
public final class DialogueCodec {

    private DialogueCodec() {
    }

    public static VariableEntity toEntity(UUID sessionId, int ordinal, DecisionVariable v, VariableStatus status) {
        VariableEntity e = new VariableEntity();
        e.id = UUID.randomUUID();
        e.sessionId = sessionId;
        e.ordinal = ordinal;
        e.variableId = v.id();
        e.paths = JsonColumns.write(v.paths());
        e.clause = v.clause();
        e.codes = JsonColumns.write(v.codes());
        e.valueKeys = JsonColumns.write(v.valueKeys());
        e.valueLabels = JsonColumns.write(v.valueLabels());
        e.valueTerms = JsonColumns.write(v.valueTerms());
        e.pivotTerm = v.pivotTerm();
        e.status = status.name();
        return e;
    }

    public static DecisionVariable toVariable(VariableEntity e) {
        return new DecisionVariable(e.variableId, JsonColumns.strings(e.paths), e.clause, JsonColumns.ints(e.codes),
                JsonColumns.strings(e.valueKeys), JsonColumns.strings(e.valueLabels), JsonColumns.strings(e.valueTerms),
                e.pivotTerm);
    }

    public static String optionsJson(List<PlannedQuestion.Option> options) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (PlannedQuestion.Option o : options) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", o.id());
            m.put("label", o.label());
            m.put("probability", o.probability());
            m.put("kind", o.kind().name());
            m.put("codes", o.codes());
            out.add(m);
        }
        return JsonColumns.write(out);
    }

    @SuppressWarnings("unchecked")
    public static List<PlannedQuestion.Option> options(String json) {
        List<PlannedQuestion.Option> out = new ArrayList<>();
        for (Map<String, Object> m : JsonColumns.maps(json)) {
            List<Integer> codes = ((List<Number>) m.get("codes")).stream().map(Number::intValue).toList();
            out.add(new PlannedQuestion.Option((String) m.get("id"), (String) m.get("label"),
                    ((Number) m.get("probability")).doubleValue(), PlannedQuestion.Kind.valueOf((String) m.get("kind")), codes));
        }
        return out;
    }

    /** The distribution as [{candidate_id, probability}] in candidate order. */
    public static String distributionJson(List<CandidateEntity> candidates, double[] p) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("candidate_id", candidates.get(i).candidateId);
            m.put("probability", p[i]);
            out.add(m);
        }
        return JsonColumns.write(out);
    }

    public record Share(String candidateId, double probability) {
    }

    public static List<Share> distribution(String json) {
        List<Share> out = new ArrayList<>();
        if (json == null) {
            return out;
        }
        for (Map<String, Object> m : JsonColumns.maps(json)) {
            out.add(new Share((String) m.get("candidate_id"), ((Number) m.get("probability")).doubleValue()));
        }
        return out;
    }
}
