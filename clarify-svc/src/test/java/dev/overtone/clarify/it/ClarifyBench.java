package dev.overtone.clarify.it;

import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.Dialogue;
import dev.overtone.clarify.service.DialogueOptions;
import dev.overtone.clarify.service.QuestionStrategy;
import dev.overtone.clarify.service.Step;
import dev.overtone.clarify.service.StrategyKind;
import dev.overtone.clarify.support.FakeParserServer;
import dev.overtone.clarify.support.TestDatabase;
import dev.overtone.clarify.support.Timings;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ClarifyOptions;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Server;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Benchmarks, run by hand (no timing is asserted; each asserts that what it times is the work it names: a choice
 * among the variables, a first turn that asks, a dialogue that resolves in three answers):
 * {@code ./mvnw -o -q -pl proto,clarify-svc verify -DskipITs=false -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=ClarifyBench}
 */
class ClarifyBench {

    @Test
    void choosingTheQuestion1000x100() {
        int n = 1000;
        int m = 100;
        Random random = new Random(1);
        double[] p = new double[n];
        for (int i = 0; i < n; i++) {
            p[i] = -Math.log(1 - random.nextDouble()); // Dirichlet(1) weights
        }
        List<DecisionVariable> vars = new ArrayList<>();
        for (int v = 0; v < m; v++) {
            int values = 2 + random.nextInt(3);
            int[] codes = new int[n];
            for (int i = 0; i < n; i++) {
                codes[i] = random.nextInt(values);
            }
            List<String> keys = new ArrayList<>();
            for (int x = 0; x < values; x++) {
                keys.add("v" + v + "=" + x);
            }
            vars.add(new DecisionVariable("v" + v, List.of("select[" + v + "]"), "select", codes, keys, keys, keys));
        }
        List<Integer> all = new ArrayList<>();
        for (int v = 0; v < m; v++) {
            all.add(v);
        }
        for (StrategyKind kind : StrategyKind.values()) {
            QuestionStrategy s = QuestionStrategy.of(kind);
            // what is timed must be a choice among the 100 variables, or the figure measures a short cut
            assertThat(s.choose(vars, all, p, 1, 1).variable()).as(kind.label()).isBetween(0, m - 1);
            long[] t = Timings.time(2000, 300, () -> s.choose(vars, all, p, 1, 1));
            Timings.report("choose " + kind.label() + " (1000 candidates x 100 variables)", t);
        }
        assertThat(Dialogue.fresh(vars, p, new DialogueOptions(0.9, 5, StrategyKind.EIG, 1, 8)).next(1))
                .as("1000 near-even candidates: the first turn asks, it does not resolve").isInstanceOf(Step.Ask.class);
        long[] t = Timings.time(1000, 200, () -> Dialogue.fresh(vars, p, new DialogueOptions(0.9, 5, StrategyKind.EIG, 1, 8)).next(1));
        Timings.report("Dialogue.next eig incl. stop rules (1000 x 100)", t);
    }

    @Test
    void startPlusThreeAnswersEndToEnd() throws Exception {
        try (TestDatabase db = TestDatabase.start()) {
            Server parser = FakeParserServer.start();
            int port;
            int httpPort;
            try (ServerSocket grpc = new ServerSocket(0); ServerSocket http = new ServerSocket(0)) {
                port = grpc.getLocalPort();
                httpPort = http.getLocalPort();
            }
            Process service = PackagedService.start(port, httpPort, parser.getPort(), db);
            ManagedChannel channel = ManagedChannelBuilder.forAddress("localhost", port).usePlaintext().build();
            try {
                ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify = ClarifyServiceGrpc.newBlockingStub(channel);
                StartRequest start = eightReadings();
                long[] t = Timings.time(300, 50, () -> {
                    Turn turn = clarify.start(start);
                    for (int i = 1; i <= 3; i++) {
                        turn = clarify.answer(dev.overtone.clarify.support.HotelDialogue.option(turn.getSessionId(), turn.getNumber(), "o1"));
                    }
                    if (!turn.hasResolution()) {
                        throw new AssertionError("expected a resolution after 3 answers: " + turn);
                    }
                });
                Timings.report("Start + 3 Answers over gRPC, packaged service, PostgreSQL", t);
            } finally {
                channel.shutdownNow();
                service.destroy();
                service.waitFor(15, TimeUnit.SECONDS);
                parser.shutdownNow();
            }
        }
    }

    /** 8 readings = 3 independent binary forks (column, filter, order): three questions to resolve. */
    private static StartRequest eightReadings() {
        StartRequest.Builder b = StartRequest.newBuilder().setQuestion("Return the rating of each hotel")
                .setOptions(ClarifyOptions.newBuilder().setConfidenceThreshold(0.99).setMaxTurns(5));
        int id = 0;
        for (String col : List.of("hotels.stars", "hotels.score")) {
            for (String where : List.of("hotels.city = 'Rome'", "hotels.city = 'Paris'")) {
                for (String order : List.of("hotels.name", "hotels.id")) {
                    b.addCandidates(Candidate.newBuilder().setId("c" + id++)
                            .setSql("SELECT hotels.name, " + col + " FROM hotels WHERE " + where + " ORDER BY " + order));
                }
            }
        }
        return b.build();
    }
}
