package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.fake.Fakes;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import io.quarkus.grpc.GrpcClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import org.awaitility.Awaitility;

/**
 * An interpreter test against a fresh set of fakes ({@link Fakes}): installed before each test, and after it the
 * test fails on any call a fake had no recording for.
 */
public abstract class AgainstFakes {
    @GrpcClient("interpreter")
    protected InterpreterServiceGrpc.InterpreterServiceBlockingStub interpreter;

    protected Fakes fakes;

    @BeforeEach
    void installFakes() {
        fakes = Fakes.install();
    }

    @AfterEach
    void everyCallWasAnsweredFromARecording() {
        fakes.assertEveryCallRecorded();
    }

    /** Asks {@code request} again and again (at most 30 s) until one ask leaves {@code count} as it was. */
    protected void askUntilUnchanged(String what, IntSupplier count, InterpretRequest request) {
        Awaitility.await(what).atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(() -> {
            int before = count.getAsInt();
            ask(request);
            return count.getAsInt() == before;
        });
    }

    protected InterpretResponse ask(InterpretRequest request) {
        return interpreter.withDeadlineAfter(10, TimeUnit.SECONDS).interpret(request);
    }
}
