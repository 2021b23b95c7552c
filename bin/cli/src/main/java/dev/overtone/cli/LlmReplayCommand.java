package dev.overtone.cli;

import dev.overtone.cli.replay.FaultPlan;
import dev.overtone.cli.replay.RecordedOutputs;
import dev.overtone.cli.replay.ReplayServer;
import io.quarkus.arc.Unremovable;
import jakarta.enterprise.context.Dependent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * Serves recorded LLM outputs as an OpenAI-compatible endpoint until stopped, so that the suite's
 * LLM mode can be measured on real model text without a GPU.
 */
@Dependent
@Unremovable
@Command(name = "llm-replay", mixinStandardHelpOptions = true,
        description = {"Run an OpenAI-compatible server (POST /v1/chat/completions, GET /v1/models, as vLLM serves them) "
                + "that answers the suite's own prompts with the recorded model outputs of an Ambrosia*-format file: "
                + "a default-interpretation prompt with the interpretations the first LLM wrote for its question, a parse "
                + "prompt with the SQL the second LLM wrote for its interpretation. Unmatched prompts get HTTP 400, "
                + "models it does not serve HTTP 404."})
public class LlmReplayCommand implements Callable<Integer> {

    @Mixin
    CommandOutput printed;

    @Option(names = "--data", required = true, description = "Ambrosia*-format JSONL with recorded defaults (question, defaults[].interpretation, defaults[].sqls).")
    Path data;

    @Option(names = "--port", defaultValue = "8000", description = "Port to listen on (default ${DEFAULT-VALUE}, as vLLM).")
    int port;

    @Option(names = "--host", defaultValue = "localhost", description = "Address to bind (default ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--faults", description = "Injected faults, e.g. timeout=0.1,error=0.1,garbage=0.05: held past the client's timeout, HTTP 500, malformed body.")
    String faults;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the fault draws (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--hold-s", defaultValue = "40", description = "How long an injected timeout holds the request before answering (default ${DEFAULT-VALUE} s: past every LLM timeout the suite configures).")
    long holdSeconds;

    @Option(names = "--served-model-name", split = ",", description = "Model names served (default: the file's default_model and sql_model). Requests naming another model get 404, as vLLM answers them.")
    List<String> servedModels;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = printed.out();
        PrintWriter err = printed.err();
        FaultPlan plan;
        try {
            plan = FaultPlan.parse(faults, seed);
        } catch (IllegalArgumentException e) {
            err.println("llm-replay: " + e.getMessage());
            return 2;
        }
        if (holdSeconds < 0) {
            err.println("llm-replay: --hold-s must be >= 0");
            return 2;
        }
        RecordedOutputs recorded = RecordedOutputs.read(data);
        Set<String> models = servedModels == null || servedModels.isEmpty() ? recorded.models() : new LinkedHashSet<>(servedModels);
        if (models.isEmpty()) {
            err.println("llm-replay: " + data + " names no default_model or sql_model; pass --served-model-name");
            return 2;
        }
        ReplayServer server = new ReplayServer(recorded, models, plan, Duration.ofSeconds(holdSeconds), host, port, err::println);
        server.start();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            err.println("llm-replay: stopping; requests: " + ReplayServer.describe(server.counts()));
            server.close();
            stopped.countDown();
        }, "llm-replay-stop"));
        out.println("llm-replay: " + recorded.questions().size() + " recorded questions from " + data
                + "; serving " + String.join(", ", models.stream().sorted().toList()) + " on http://" + host + ":" + server.port()
                + "/v1; faults: " + plan + " (seed " + seed + ")");
        stopped.await();
        return 0;
    }
}
