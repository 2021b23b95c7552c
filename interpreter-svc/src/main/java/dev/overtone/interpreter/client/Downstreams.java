package dev.overtone.interpreter.client;

import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.InfillServiceGrpc;
import dev.overtone.proto.v1.ParserServiceGrpc;
import io.grpc.Channel;
import io.quarkus.grpc.GrpcClient;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.concurrent.TimeUnit;

/** The four services the interpreter calls, with per-call deadlines on every stub. */
@ApplicationScoped
public class Downstreams {
    @Inject
    @GrpcClient("executor")
    Channel executorChannel;
    @Inject
    @GrpcClient("parser")
    Channel parserChannel;
    @Inject
    @GrpcClient("infill")
    Channel infillChannel;
    @Inject
    @GrpcClient("clarify")
    Channel clarifyChannel;

    private Downstream executor;
    private Downstream parser;
    private Downstream infill;
    private Downstream clarify;

    @PostConstruct
    void init() {
        executor = new Downstream("executor", "executor-svc", executorChannel);
        parser = new Downstream("parser", "parser-svc", parserChannel);
        infill = new Downstream("infill", "infill-svc", infillChannel);
        clarify = new Downstream("clarify", "clarify-svc", clarifyChannel);
    }

    public Downstream executor() {
        return executor;
    }

    public Downstream parser() {
        return parser;
    }

    public Downstream infill() {
        return infill;
    }

    public Downstream clarify() {
        return clarify;
    }

    public List<Downstream> all() {
        return List.of(executor, parser, infill, clarify);
    }

    public ExecutorServiceGrpc.ExecutorServiceBlockingStub executorStub(long timeoutMs) {
        return ExecutorServiceGrpc.newBlockingStub(executorChannel).withDeadlineAfter(timeoutMs, TimeUnit.MILLISECONDS);
    }

    public ParserServiceGrpc.ParserServiceBlockingStub parserStub(long timeoutMs) {
        return ParserServiceGrpc.newBlockingStub(parserChannel).withDeadlineAfter(timeoutMs, TimeUnit.MILLISECONDS);
    }

    public InfillServiceGrpc.InfillServiceBlockingStub infillStub(long timeoutMs) {
        return InfillServiceGrpc.newBlockingStub(infillChannel).withDeadlineAfter(timeoutMs, TimeUnit.MILLISECONDS);
    }

    public ClarifyServiceGrpc.ClarifyServiceBlockingStub clarifyStub(long timeoutMs) {
        return ClarifyServiceGrpc.newBlockingStub(clarifyChannel).withDeadlineAfter(timeoutMs, TimeUnit.MILLISECONDS);
    }
}
