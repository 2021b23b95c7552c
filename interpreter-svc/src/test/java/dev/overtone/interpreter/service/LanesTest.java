package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.proto.v1.Stage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Lanes of plain objects (the pipeline's unit tests) run a call "beside" at once, on the caller's thread. */
class LanesTest {
    private static final Lanes IN_ORDER = new Lanes() {
        @Override
        public <T, R> List<R> map(Stage stage, List<T> items, Function<T, R> work) {
            return items.stream().map(work).toList();
        }
    };

    @Test
    void aCallBesideHasRunWhenItReturnsOnTheCallersThread() {
        List<Thread> ranOn = new ArrayList<>();

        CompletableFuture<String> answer = IN_ORDER.beside(() -> {
            ranOn.add(Thread.currentThread());
            return "remembered";
        });

        assertThat(ranOn).containsExactly(Thread.currentThread());
        assertThat(answer).isCompletedWithValue("remembered");
    }

    @Test
    void aCallBesideThatFailsFailsTheCaller() {
        assertThatThrownBy(() -> IN_ORDER.beside(() -> {
            throw new IllegalStateException("clarify-svc is down");
        })).isInstanceOf(IllegalStateException.class).hasMessage("clarify-svc is down");
    }
}
