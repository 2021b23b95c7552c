package dev.overtone.infill.service;

import dev.overtone.infill.client.InfillModel;
import dev.overtone.runtime.llm.ModelCallFailure;
import dev.overtone.infill.config.InfillConfig;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillStrategy;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.InfilledReading;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.Reading;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Model infill: the infilling model names the interpretations missing from the set (text only). */
@ApplicationScoped
public class ModelInfill {
    /** The infilling model's endpoint, as degradations name it. */
    static final String MODEL_SERVICE = "infill-model";

    @Inject
    InfillConfig config;
    @Inject
    InfillModel model;

    public boolean configured() {
        return model.configured();
    }

    /** Never fails: every failure becomes a degraded proposal with its reason. */
    public Uni<Proposal> propose(InfillRequest request, int max) {
        String prompt = InfillPrompt.of(request.getSchema(), request.getQuestion(), request.getReadingsList());
        return model.complete(prompt)
                .map(answer -> proposal(answer, request.getReadingsList(), max))
                .onFailure().recoverWithItem(e -> failed(ModelCallFailure.of(e)));
    }

    private static Proposal proposal(String answer, List<Reading> readings, int max) {
        MissingReadings parsed = MissingReadings.parse(answer, max);
        Set<String> known = new HashSet<>();
        readings.forEach(r -> known.add(MissingReadings.key(r.getText())));
        List<InfilledReading> out = new ArrayList<>();
        for (String text : parsed.interpretations()) {
            if (known.add(MissingReadings.key(text))) {
                out.add(InfilledReading.newBuilder().setText(text).setStrategy(InfillStrategy.INFILL_STRATEGY_MODEL).build());
            }
        }
        if (out.isEmpty() && !parsed.allCovered() && parsed.interpretations().isEmpty()) {
            return Proposal.degraded(Stage.STAGE_INFILL_MODEL, DegradationCause.DEGRADATION_CAUSE_MALFORMED_OUTPUT,
                    MODEL_SERVICE, "model: the answer held neither interpretations nor the covered sentence");
        }
        return new Proposal(out, parsed.allCovered(), Optional.empty());
    }

    private static Proposal failed(ModelCallFailure failure) {
        DegradationCause cause = failure.byKind(DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED,
                DegradationCause.DEGRADATION_CAUSE_CIRCUIT_OPEN, DegradationCause.DEGRADATION_CAUSE_FAILED);
        return Proposal.degraded(Stage.STAGE_INFILL_MODEL, cause, MODEL_SERVICE,
                "model: " + failure.detail() + "; structural readings only");
    }
}
