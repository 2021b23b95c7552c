package dev.overtone.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.overtone.bench.BenchCommand;
import picocli.CommandLine;

/** The data-set mix that load and chaos share: each command's own default share, none without a data set. */
class DataMixTest {

    @Test
    void eachCommandDrawsItsOwnShareFromTheDataSetAndNoneWithoutOne() {
        assertThat(mix("load", "--data", "set.jsonl").share()).isEqualTo(0.5);
        assertThat(mix("chaos", "--data", "set.jsonl").share()).isEqualTo(0.8);
        assertThat(mix("load", "--data", "set.jsonl", "--data-share", "0.3").share()).isEqualTo(0.3);
        assertThat(mix("chaos").share()).isZero();
        assertThat(mix("chaos", "--data", "set.jsonl", "--limit", "7").limit).isEqualTo(7);
    }

    @Test
    void theHelpShowsEachCommandsDefaultShare() {
        assertThat(BenchCommand.commandLine().getSubcommands().get("load").getUsageMessage())
                .contains("share of calls drawn from --data (default 0.5)");
        assertThat(BenchCommand.commandLine().getSubcommands().get("chaos").getUsageMessage())
                .contains("share of calls drawn from --data (default 0.8)");
    }

    @Test
    void aShareOutsideZeroToOneIsRefused() {
        assertThatThrownBy(() -> mix("chaos", "--data", "set.jsonl", "--data-share", "1.5").share())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--data-share must be within 0..1");
    }

    private static DataMix mix(String command, String... options) {
        List<String> args = new ArrayList<>(List.of(command, "--out", "report"));
        args.addAll(List.of(options));
        CommandLine.ParseResult parsed = BenchCommand.commandLine().parseArgs(args.toArray(String[]::new));
        return ((LoadOptions) parsed.subcommand().commandSpec().mixins().get("pace").userObject()).mix;
    }
}
