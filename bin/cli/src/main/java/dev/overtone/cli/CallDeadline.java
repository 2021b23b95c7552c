package dev.overtone.cli;

import io.grpc.stub.AbstractStub;
import java.util.concurrent.TimeUnit;

import picocli.CommandLine.Option;

/** How long each call a command makes may take, with the command's own default. */
public class CallDeadline {

    @Option(names = "--deadline-seconds", description = "Deadline of each call (default ${DEFAULT-VALUE}).")
    long deadlineSeconds;

    CallDeadline(long defaultSeconds) {
        this.deadlineSeconds = defaultSeconds;
    }

    /** The stub with this deadline, counted from now: one call's worth. */
    <S extends AbstractStub<S>> S on(S stub) {
        return stub.withDeadlineAfter(deadlineSeconds, TimeUnit.SECONDS);
    }
}
