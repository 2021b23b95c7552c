package dev.overtone.bench.client;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.stream.Stream;

import com.sun.net.httpserver.HttpServer;

import dev.overtone.bench.SuiteOptions;
import dev.overtone.replicas.SuitePorts;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import io.grpc.BindableService;
import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.ServerBuilder;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import picocli.CommandLine;

/**
 * Stand-ins for interpreter-svc and clarify-svc as a measurement reaches them: the given services over real gRPC on a
 * free port, and beside it, as far as the checkout's configuration puts a service's HTTP port from its gRPC port, a
 * {@code /q/health/ready} that answers 200, so {@code SuiteOptions.connect} finds the suite up. What a stand-in
 * interpreter-svc answers is the real service's, as recorded ({@link RecordedInterpreter}): the recorded answer itself
 * where a test reads a real answer, and {@link #readings} where it needs its own SQL in a real answer's shape.
 */
public final class StandInSuite implements AutoCloseable {
    /** The launcher of this checkout (tests run in bench/), whose services' configuration sets the HTTP port offset. */
    public static final Path LAUNCHER = Path.of("..", "bin", "overtone");

    private final Server server;
    private final HttpServer readiness;

    private StandInSuite(Server server, HttpServer readiness) {
        this.server = server;
        this.readiness = readiness;
    }

    public static StandInSuite serving(BindableService... services) throws IOException {
        SuitePorts ports = new SuitePorts(LAUNCHER.toAbsolutePath().normalize().getParent().getParent(), OptionalInt.empty());
        int offset = ports.http("interpreter-svc", 0) - ports.grpc("interpreter-svc", 0);
        if (offset != ports.http("clarify-svc", 0) - ports.grpc("clarify-svc", 0)) {
            throw new IllegalStateException("interpreter-svc and clarify-svc put their HTTP ports at different offsets");
        }
        for (int attempt = 0; ; attempt++) {
            ServerBuilder<?> builder = Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create());
            for (BindableService s : services) {
                builder.addService(s);
            }
            Server server = builder.build().start();
            try {
                HttpServer http = HttpServer.create(new InetSocketAddress("localhost", server.getPort() + offset), 0);
                http.createContext("/q/health/ready", exchange -> {
                    exchange.sendResponseHeaders(200, -1);
                    exchange.close();
                });
                http.start();
                return new StandInSuite(server, http);
            } catch (BindException taken) {
                server.shutdownNow();
                if (attempt == 20) {
                    throw taken;
                }
            }
        }
    }

    /**
     * interpreter-svc answering each Interpret with {@code answer}'s response; {@code answer} fails a call by throwing
     * a status ({@code Status.UNAVAILABLE.asRuntimeException()}).
     */
    public static BindableService interpreter(Function<InterpretRequest, InterpretResponse> answer) {
        return new InterpreterServiceGrpc.InterpreterServiceImplBase() {
            @Override
            public void interpret(InterpretRequest request, StreamObserver<InterpretResponse> out) {
                try {
                    out.onNext(answer.apply(request));
                    out.onCompleted();
                } catch (StatusRuntimeException e) {
                    out.onError(e);
                }
            }
        };
    }

    /**
     * An answer with one reading per SQL, in order, the first the most probable, shaped as the real interpreter-svc's: a
     * recorded answer ({@link RecordedInterpreter}; {@code interpret.stars-no-infill.json} for one SQL, answerable,
     * {@code interpret.stars.json} for more, ambiguous) keeps its outcome, ambiguity summary and probability, stage
     * timings (the real stage kinds) and total. Each reading is a recorded one (the first the caller's, the others
     * infill's, with their source, family and preview) with the test's SQL, the id "iN", a probability falling with the
     * rank and summing to 1, and every reading is shown. A reading whose SQL is a recorded reading's keeps all that
     * reading says. For other SQL, what describes the recorded SQL and bench reads is not kept, as it would mislead: the
     * text becomes "reading N" (the candidate's text clarify-svc gets, and {@code OneQuestionClarify}'s option label), the
     * fingerprint (handed on to clarify-svc, for which equal fingerprints are equal results), the ranking's evidence
     * (written to coverage's examples.jsonl, which the ranker is fitted on) and the analysis (its slot values written
     * there too, and handed on to clarify-svc) are cleared, as the real service leaves an analysis it could not make.
     * The preview and the ambiguity summary, which bench does not read, are still the recorded SQL's.
     */
    public static InterpretResponse readings(List<String> sqls) {
        InterpretResponse recorded = RecordedInterpreter.recorded(sqls.size() == 1 ? "interpret.stars-no-infill.json" : "interpret.stars.json");
        InterpretResponse.Builder answer = recorded.toBuilder().clearInterpretations();
        for (int i = 0; i < sqls.size(); i++) {
            String sql = sqls.get(i);
            Interpretation.Builder reading = recorded.getInterpretationsList().stream().filter(r -> r.getSql().equals(sql)).findFirst()
                    .map(Interpretation::toBuilder).orElse(null);
            if (reading == null) {
                reading = recorded.getInterpretations(Math.min(i, recorded.getInterpretationsCount() - 1)).toBuilder().setSql(sql)
                        .setText("reading " + (i + 1)).clearFingerprint().clearEvidence().clearAnalysis();
            }
            answer.addInterpretations(reading.setId("i" + (i + 1)).setProbability((sqls.size() - i) / (sqls.size() * (sqls.size() + 1) / 2.0)));
        }
        return answer.setShownCount(sqls.size()).build();
    }

    /** {@code localhost:<port>} of both services. */
    public String address() {
        return "localhost:" + server.getPort();
    }

    /** The suite options that point a measurement at the stand-ins (and never start a suite), then {@code more}. */
    public String[] options(String... more) {
        return Stream.concat(Stream.of("--interpreter", address(), "--clarify-svc", address(), "--no-start",
                "--launcher", LAUNCHER.toString()), Stream.of(more)).toArray(String[]::new);
    }

    /** The command line of bench subcommand {@code name} pointed at the stand-ins, with {@code more} options. */
    public String[] command(String name, String... more) {
        return Stream.concat(Stream.of(name), Stream.of(options(more))).toArray(String[]::new);
    }

    /** The suite options of a measurement pointed at the stand-ins. */
    public SuiteOptions suiteOptions(String... more) {
        return CommandLine.populateCommand(new SuiteOptions(), options(more));
    }

    /** A client of the stand-ins, as a measurement holds one. */
    public Suite suite() {
        Endpoint endpoint = Endpoint.parse(address(), 0);
        return new Suite(endpoint, endpoint);
    }

    @Override
    public void close() throws InterruptedException {
        readiness.stop(0);
        server.shutdownNow().awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
    }
}
