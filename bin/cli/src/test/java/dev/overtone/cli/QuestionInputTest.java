package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretRequest;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The options ask and clarify share: the tenant database, the question and the caller's SQL reach Interpret. */
class QuestionInputTest {

    private static final String[] ASKED = {"--tenant", "demo", "--db", "hotels", "the rating of each hotel",
            "--sql", "SELECT name, stars FROM hotels", "--sql", "SELECT 1"};

    @Test
    void askSendsTheQuestionWithTheCallersSqlToTheNamedDatabase() {
        AskCommand ask = parsed(new AskCommand(), ASKED);
        InterpretRequest request = AskCommand.request(ask.asked, true, false);

        assertThat(request.getTenant()).isEqualTo("demo");
        assertThat(request.getDatabase()).isEqualTo("hotels");
        assertThat(request.getQuestion()).isEqualTo("the rating of each hotel");
        assertThat(request.getDefaultsList()).extracting(CallerDefault::getSql)
                .containsExactly("SELECT name, stars FROM hotels", "SELECT 1");
        assertThat(request.getOptions().getInfill()).isFalse();
        assertThat(ask.asked.deadline.deadlineSeconds).isEqualTo(60);
    }

    @Test
    void clarifyAsksTheSameQuestionAndStartsADialogue() {
        InterpretRequest request = AskCommand.request(parsed(new ClarifyCommand(), ASKED).asked, false, true);

        assertThat(request.getDatabase()).isEqualTo("hotels");
        assertThat(request.getDefaultsCount()).isEqualTo(2);
        assertThat(request.getOptions().getStartClarification()).isTrue();
    }

    @Test
    void execNeedsTheTenantDatabase() {
        ExecCommand exec = parsed(new ExecCommand(), "--tenant", "other", "--db", "crm", "--sql", "SELECT 1");
        assertThat(exec.where.tenant).isEqualTo("other");
        assertThat(exec.where.database).isEqualTo("crm");

        assertThatThrownBy(() -> new CommandLine(new ExecCommand()).parseArgs("--db", "crm", "--sql", "SELECT 1"))
                .isInstanceOf(CommandLine.MissingParameterException.class).hasMessageContaining("--tenant");
    }

    private static <T> T parsed(T command, String... args) {
        new CommandLine(command).parseArgs(args);
        return command;
    }
}
