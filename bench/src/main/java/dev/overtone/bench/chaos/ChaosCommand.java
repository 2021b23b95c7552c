package dev.overtone.bench.chaos;

import dev.overtone.bench.MeasurementOptions;
import dev.overtone.bench.load.LoadOptions;
import dev.overtone.bench.load.LoadRun;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench chaos}: Interpret under load while every service is restarted, rolling, and killed, one replica at a time. */
@Command(name = "chaos", mixinStandardHelpOptions = true,
        description = "Load over every interpreter replica while bin/overtone restarts each service (rolling) and kills one "
                + "replica of each with kill -9: failed calls, p99 and the split across replicas per event.")
public class ChaosCommand implements Callable<Integer> {

    @Mixin
    MeasurementOptions measured;

    @Mixin
    LoadOptions pace = new LoadOptions(0.8);

    @Option(names = "--warmup-seconds", defaultValue = "60", description = "unmeasured load first (default ${DEFAULT-VALUE})")
    int warmupSeconds;

    @Option(names = "--steady-seconds", defaultValue = "30", description = "the steady window before the events (default ${DEFAULT-VALUE})")
    int steadySeconds;

    @Option(names = "--settle-seconds", defaultValue = "10",
            description = "after each event, the seconds its restarted replica warms up on its growing share (the callers' "
                    + "slow start, overtone.grpc.slow-start), counted in the event, before the next event (default ${DEFAULT-VALUE})")
    int settleSeconds;

    @Option(names = "--events", split = ",", defaultValue = "rolling,kill",
            description = "which events, in this order: rolling (each service restarted one replica at a time), "
                    + "kill (one replica of each service killed with kill -9 and started again) (default ${DEFAULT-VALUE})")
    List<String> events;

    @Option(names = "--services", split = ",", defaultValue = "executor-svc,parser-svc,infill-svc,clarify-svc,interpreter-svc",
            description = "the services, in this order (default ${DEFAULT-VALUE})")
    List<String> services;

    @Override
    public Integer call() throws Exception {
        int replicas = Integer.parseInt(System.getenv().getOrDefault("OVERTONE_REPLICAS", "1"));
        if (replicas < 2) {
            throw new IllegalArgumentException("chaos needs at least 2 replicas of each service: bin/overtone up --replicas 2");
        }
        List<ChaosRun.Event> planned = new ArrayList<>();
        for (String kind : events) {
            if (!kind.equals("rolling") && !kind.equals("kill")) {
                throw new IllegalArgumentException("--events takes rolling and kill, got " + kind);
            }
            for (int i = 0; i < services.size(); i++) {
                if (!Replicas.SERVICES.contains(services.get(i))) {
                    throw new IllegalArgumentException("unknown service " + services.get(i));
                }
                planned.add(new ChaosRun.Event(kind, services.get(i), i % replicas));
            }
        }
        Files.createDirectories(measured.out);
        LoadRun load = new LoadRun(measured.out, pace.concurrency, 1, 0, 42, "demo", "hotels", pace.mix.data, pace.mix.share(), pace.mix.limit,
                measured.interpret.infill(), measured.interpret.families());
        return new ChaosRun(load, warmupSeconds, steadySeconds, settleSeconds, planned,
                new Replicas(measured.suite.ports(), replicas, measured.suite.home()))
                .execute(measured.suite, measured.summary(), measured.err());
    }
}
