package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.interpreter.service.InterpretationPipeline;
import dev.overtone.interpreter.service.PipelineListener;
import dev.overtone.interpreter.service.StageNames;
import dev.overtone.proto.v1.InterpretEvent;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.InterpreterService;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageFinished;
import dev.overtone.proto.v1.StageStarted;
import io.grpc.Context;
import io.grpc.Deadline;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.inject.Inject;

import java.util.concurrent.TimeUnit;

/** The gRPC face: validate, run the pipeline on a worker; a failure becomes its status in {@link InterpreterStatuses}. */
@GrpcService
public class InterpreterGrpcService implements InterpreterService {
    @Inject
    InterpretationPipeline pipeline;
    @Inject
    InterpreterConfig config;

    @Override
    @Blocking
    public Uni<InterpretResponse> interpret(InterpretRequest request) {
        Long remaining = remainingNanos();
        return Uni.createFrom().item(() -> {
            RequestValidation.check(request, config.limits());
            return pipeline.interpret(request, remaining, PipelineListener.NONE);
        });
    }

    @Override
    public Multi<InterpretEvent> streamInterpret(InterpretRequest request) {
        Long remaining = remainingNanos();
        // The pipeline works in a context that is cancelled with the stream: a client that cancels (the
        // subscription ends) cancels the pipeline and its downstream calls, whichever thread runs them.
        Context.CancellableContext call = Context.current().withCancellation();
        return Multi.createFrom().<InterpretEvent>emitter(emitter -> {
            emitter.onTermination(() -> call.cancel(null));
            call.run(() -> {
                try {
                    RequestValidation.check(request, config.limits());
                    InterpretResponse answer = pipeline.interpret(request, remaining, new PipelineListener() {
                        @Override
                        @SuppressWarnings("deprecation") // the string stage: still filled for clients that predate kind
                        public void stageStarted(Stage stage) {
                            emitter.emit(InterpretEvent.newBuilder().setStageStarted(StageStarted.newBuilder().setKind(stage)
                                    .setStage(StageNames.of(stage))).build());
                        }

                        @Override
                        @SuppressWarnings("deprecation") // the string stage: still filled for clients that predate kind
                        public void stageFinished(Stage stage, long micros, String detail) {
                            emitter.emit(InterpretEvent.newBuilder().setStageFinished(StageFinished.newBuilder().setKind(stage)
                                    .setStage(StageNames.of(stage)).setMicros(micros).setDetail(detail == null ? "" : detail)).build());
                        }

                        @Override
                        public void interpretationAdded(Interpretation interpretation) {
                            emitter.emit(InterpretEvent.newBuilder().setInterpretationAdded(interpretation).build());
                        }
                    });
                    emitter.emit(InterpretEvent.newBuilder().setAnswer(answer).build());
                    emitter.complete();
                } catch (RuntimeException | Error e) {
                    if (!emitter.isCancelled()) { // a caller that cancelled is told nothing more
                        emitter.fail(e);
                    }
                }
            });
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private static Long remainingNanos() {
        Deadline deadline = Context.current().getDeadline();
        return deadline == null ? null : deadline.timeRemaining(TimeUnit.NANOSECONDS);
    }
}
