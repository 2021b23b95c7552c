package dev.overtone.parser.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.parser.analysis.SqlSyntaxException;
import dev.overtone.parser.service.LlmUnavailableException;
import dev.overtone.parser.service.ParseFailedException;
import dev.overtone.runtime.grpc.StatusTable;
import dev.overtone.runtime.testing.StatusAnswer;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

/** parser-svc's table: the caller's SQL, a missing precondition, the model's failures, the unforeseen. */
class ParserStatusesTest {
    private final StatusTable table = ParserStatuses.table();

    @Test
    void sqlThatDoesNotParseIsTheCallersWithWhereTheParserGaveUp() {
        var failure = new SqlSyntaxException("unexpected FROM at line 1, column 8", 1, 8);
        assertThat(StatusAnswer.of(table, failure)).isEqualTo(StatusAnswer.keeping(Status.Code.INVALID_ARGUMENT, failure));
    }

    @Test
    void aMissingPreconditionIsFailedPrecondition() {
        var failure = new IllegalStateException("no LLM is configured: set overtone.parser.llm.base-url");
        assertThat(StatusAnswer.of(table, failure)).isEqualTo(StatusAnswer.keeping(Status.Code.FAILED_PRECONDITION, failure));
    }

    @Test
    void theModelsFailuresCarryTheirOwnCodes() {
        assertThat(table.status(new ParseFailedException("no valid SQL after 3 attempts: no such column x")).getStatus().getCode())
                .isEqualTo(Status.Code.FAILED_PRECONDITION);
        assertThat(table.status(new LlmUnavailableException("the LLM endpoint did not answer within 4s", true, null)).getStatus().getCode())
                .isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(table.status(new LlmUnavailableException("the LLM endpoint answered 503", false, null)).getStatus().getCode())
                .isEqualTo(Status.Code.UNAVAILABLE);
    }

    @Test
    void anUnforeseenFailureIsInternalWithoutItsClassName() {
        assertThat(StatusAnswer.of(table, new NullPointerException("Cannot invoke \"Table.getName()\"")))
                .isEqualTo(new StatusAnswer(Status.Code.INTERNAL, "parser-svc failed unexpectedly; see its log"));
    }
}
