package dev.overtone.bench.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ExampleOptionsTest {

    @Test
    void theDefaultsAreTheReferenceScorersAndALimitIsOptional() {
        ExampleOptions o = parse("--data", "dev.jsonl").checked();

        assertThat(o.concurrency).isEqualTo(4);
        assertThat(o.queryTimeout).isEqualTo(5.0);
        assertThat(o.limit).isNull();
        assertThat(parse("--data", "d", "--limit", "0").checked().limit).isZero();
    }

    @Test
    void aNegativeLimitOrNoConcurrencyIsRefused() {
        assertThatThrownBy(() -> parse("--data", "d", "--limit", "-1").checked()).hasMessage("--limit must be >= 0");
        assertThatThrownBy(() -> parse("--data", "d", "--concurrency", "0").checked()).hasMessage("--concurrency must be >= 1");
    }

    private static ExampleOptions parse(String... args) {
        Holder holder = new Holder();
        new CommandLine(holder).parseArgs(args);
        return holder.options;
    }

    @CommandLine.Command(name = "holder")
    static final class Holder {
        @CommandLine.Mixin
        ExampleOptions options = new ExampleOptions();
    }
}
