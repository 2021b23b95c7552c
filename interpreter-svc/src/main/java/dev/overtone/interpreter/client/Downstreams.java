package dev.overtone.interpreter.client;

import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.InfillServiceGrpc;
import dev.overtone.proto.v1.ParserServiceGrpc;
import dev.overtone.runtime.grpc.Downstream;
import io.grpc.Channel;
import io.quarkus.grpc.GrpcClient;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/** The four services the interpreter calls (overtone-runtime {@link Downstream}s), with per-call deadlines on every stub. */
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
        executor = Downstream.of("executor", "executor-svc", executorChannel);
        parser = Downstream.of("parser", "parser-svc", parserChannel);
        infill = Downstream.of("infill", "infill-svc", infillChannel);
        clarify = Downstream.of("clarify", "clarify-svc", clarifyChannel);
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
        return executor.stub(ExecutorServiceGrpc::newBlockingStub, timeoutMs);
    }

    public ExecutorServiceGrpc.ExecutorServiceStub executorAsyncStub(long timeoutMs) {
        return executor.stub(ExecutorServiceGrpc::newStub, timeoutMs);
    }

    public ParserServiceGrpc.ParserServiceBlockingStub parserStub(long timeoutMs) {
        return parser.stub(ParserServiceGrpc::newBlockingStub, timeoutMs);
    }

    public InfillServiceGrpc.InfillServiceBlockingStub infillStub(long timeoutMs) {
        return infill.stub(InfillServiceGrpc::newBlockingStub, timeoutMs);
    }

    /** clarify-svc's channel (balanced like every clarify call), for a stream that has no deadline. */
    public Channel clarifyChannel() {
        return clarifyChannel;
    }

    public ClarifyServiceGrpc.ClarifyServiceBlockingStub clarifyStub(long timeoutMs) {
        return clarify.stub(ClarifyServiceGrpc::newBlockingStub, timeoutMs);
    }
}
