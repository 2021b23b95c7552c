package dev.overtone.parser.grpc;

import static dev.overtone.runtime.testing.StatusAnswer.kept;
import static dev.overtone.runtime.testing.StatusAnswer.unforeseen;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.parser.analysis.CallWork;
import dev.overtone.parser.analysis.SqlSyntaxException;
import dev.overtone.parser.service.LlmUnavailableException;
import dev.overtone.parser.service.ParseFailedException;
import dev.overtone.runtime.testing.StatusTableCases;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

/** parser-svc's table: the caller's SQL, a missing precondition, the model's failures, the unforeseen. */
class ParserStatusesTest extends StatusTableCases {

    ParserStatusesTest() {
        super(ParserStatuses.table(),
                kept("SQL that does not parse is the caller's, with where the parser gave up", Status.Code.INVALID_ARGUMENT,
                        new SqlSyntaxException("unexpected FROM at line 1, column 8", 1, 8)),
                kept("a missing precondition is FAILED_PRECONDITION", Status.Code.FAILED_PRECONDITION,
                        new IllegalStateException("no LLM is configured: set overtone.parser.llm.base-url")),
                kept("a call out of its work time is DEADLINE_EXCEEDED naming the knob", Status.Code.DEADLINE_EXCEEDED,
                        new CallWork.OutOfTime("parser-svc stopped working on the call after 10000 ms (overtone.parser.limits.work-time)", false)),
                kept("a call its caller cancelled is CANCELLED", Status.Code.CANCELLED,
                        new CallWork.OutOfTime("the caller cancelled the call; parser-svc stopped working on it", true)),
                unforeseen("an unforeseen failure is INTERNAL without its class name", "parser-svc",
                        new NullPointerException("Cannot invoke \"Table.getName()\"")));
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
    void aStackOverflowWorkingThroughTheSqlIsTheCallersWithAMessageNotInternal() {
        var status = table.status(new StackOverflowError()).getStatus();
        assertThat(status.getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(status.getDescription()).isEqualTo("the SQL is too deeply nested to work through; flatten the expression or use a CTE");
    }
}
