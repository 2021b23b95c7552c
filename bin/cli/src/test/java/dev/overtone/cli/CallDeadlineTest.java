package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Each command's calls carry a deadline: the command's own default, or --deadline-seconds, counted per call. */
class CallDeadlineTest {

    private static final String[] EXEC = {"--tenant", "demo", "--db", "hotels", "--sql", "SELECT 1"};

    @Test
    void eachCommandHasItsOwnDefaultWhichTheOptionOverrides() {
        assertThat(parsed(new ExecCommand(), EXEC).deadline.deadlineSeconds).isEqualTo(30);
        assertThat(parsed(new ClarifyCommand(), "--tenant", "demo", "--db", "hotels", "a question").asked.deadline.deadlineSeconds)
                .isEqualTo(60);
        assertThat(parsed(new ExecCommand(), "--deadline-seconds", "5", "--tenant", "demo", "--db", "hotels", "--sql", "SELECT 1")
                .deadline.deadlineSeconds).isEqualTo(5);
    }

    @Test
    void execsHelpSaysWhatItsDeadlineIs() {
        assertThat(new CommandLine(new ExecCommand()).getUsageMessage()).contains("Deadline of each call (default 30).");
    }

    @Test
    void aCallsDeadlineIsCountedFromWhenTheStubIsTaken() {
        ManagedChannel channel = ManagedChannelBuilder.forTarget("localhost:1").usePlaintext().build();
        try {
            long taken = System.nanoTime();
            ExecutorServiceBlockingStub stub = parsed(new ExecCommand(), "--deadline-seconds", "5", "--tenant", "demo",
                    "--db", "hotels", "--sql", "SELECT 1").deadline.on(ExecutorServiceGrpc.newBlockingStub(channel));

            long remaining = stub.getCallOptions().getDeadline().timeRemaining(TimeUnit.MILLISECONDS);
            long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - taken);
            // bounded by the time this test itself took, so that a stalled machine cannot make it fail
            assertThat(remaining).isBetween(5_000L - elapsed - 1, 5_000L);
        } finally {
            channel.shutdownNow();
        }
    }

    private static <T> T parsed(T command, String... args) {
        new CommandLine(command).parseArgs(args);
        return command;
    }
}
