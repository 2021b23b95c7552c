package dev.overtone.infill.service;

import dev.overtone.infill.client.InfillModel;
import dev.overtone.infill.config.InfillConfig;
import dev.overtone.proto.v1.Degradation;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfilledReading;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs both strategies side by side (the model on its own worker, the structural infiller on the
 * caller's), merges them, and records per-strategy metrics. Never fails for a strategy's sake.
 */
@ApplicationScoped
public class InfillCoordinator {
    static final String MODEL = "model";
    static final String STRUCTURAL = "structural";

    @Inject
    InfillConfig config;
    @Inject
    ModelInfill model;
    @Inject
    StructuralInfill structural;
    @Inject
    MeterRegistry registry;
    @Inject
    CircuitBreakerMaintenance circuits;

    @PostConstruct
    void gauges() {
        registry.gauge("overtone.infill.circuit.state", List.of(io.micrometer.core.instrument.Tag.of("strategy", MODEL)), this,
                c -> c.circuitState().ordinal());
    }

    /** CLOSED, OPEN or HALF_OPEN (gauge: 0, 1, 2). */
    public CircuitBreakerState circuitState() {
        return circuits.currentState(InfillModel.CIRCUIT);
    }

    public InfillResponse infill(InfillRequest request) {
        var options = request.getOptions();
        int max = options.getMaxReadings() > 0 ? options.getMaxReadings() : config.maxReadings();
        boolean useModel = options.hasModel() ? options.getModel() : config.model().enabled();
        boolean useStructural = options.hasStructural() ? options.getStructural() : config.structural().enabled();

        CompletableFuture<Proposal> modelRun = CompletableFuture.completedFuture(Proposal.skipped());
        long modelStart = System.nanoTime();
        if (useModel && !model.configured()) {
            // Off by configuration, not a failure: the answer is not degraded for it.
            count(MODEL, "not-configured", 0);
        } else if (useModel) {
            modelRun = model.propose(request, max).subscribeAsCompletionStage();
        }
        Proposal structuralProposal = Proposal.skipped();
        if (useStructural) {
            long start = System.nanoTime();
            structuralProposal = structural.propose(request, max);
            record(STRUCTURAL, structuralProposal, start);
        }
        Proposal modelProposal;
        try {
            // The fault-tolerance timeout bounds the model; this only guards against a lost completion.
            modelProposal = modelRun.get(config.model().timeoutMs() * (config.model().retries() + 2) + 1000, TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            modelRun.cancel(true);
            modelProposal = Proposal.degraded(Stage.STAGE_INFILL_MODEL, DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED,
                    ModelInfill.MODEL_SERVICE, "model: no answer in time; structural readings only");
        }
        if (useModel && model.configured()) {
            record(MODEL, modelProposal, modelStart);
        }

        InfillResponse.Builder out = InfillResponse.newBuilder();
        List<InfilledReading> merged = new ArrayList<>(modelProposal.readings());
        merged.addAll(structuralProposal.readings());
        out.addAllReadings(merged.subList(0, Math.min(max, merged.size())));
        // Only the model can judge coverage; the structural infiller just has nothing more to offer.
        out.setAllCovered(modelProposal.allCovered());
        out.putAllReadingAnalyses(structuralProposal.readingAnalyses());
        List<Degradation> degradations = new ArrayList<>();
        modelProposal.degradation().ifPresent(degradations::add);
        structuralProposal.degradation().ifPresent(degradations::add);
        return out.setDegraded(!degradations.isEmpty()).addAllDegradations(degradations)
                .addAllDegradedReasons(degradations.stream().map(Degradation::getMessage).toList()).build();
    }

    private void record(String strategy, Proposal proposal, long startNanos) {
        Timer.builder("overtone.infill.latency").tag("strategy", strategy).publishPercentiles(0.5, 0.99)
                .register(registry).record(Duration.ofNanos(System.nanoTime() - startNanos));
        count(strategy, proposal.degradedReason().isPresent() ? "degraded" : "ok", proposal.readings().size());
    }

    private void count(String strategy, String outcome, int readings) {
        registry.counter("overtone.infill.calls", "strategy", strategy, "outcome", outcome).increment();
        registry.counter("overtone.infill.readings.found", "strategy", strategy).increment(readings);
    }

}
