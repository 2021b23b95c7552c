package dev.overtone.parser.grpc;

import dev.overtone.parser.analysis.CallWork;
import dev.overtone.parser.analysis.SqlSyntaxException;
import dev.overtone.runtime.grpc.StatusTable;
import io.grpc.Status;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * parser-svc's failures as gRPC statuses (overtone-runtime {@link StatusTable}): SQL that does not parse is the
 * caller's (INVALID_ARGUMENT, with where the parser gave up), a missing precondition such as an unconfigured LLM is
 * FAILED_PRECONDITION; a parse that found no valid SQL ({@code ParseFailedException}) and an LLM endpoint that failed
 * ({@code LlmUnavailableException}) carry their own codes, and the rest is answered as every service answers it.
 */
public class ParserStatuses {

    @Produces
    @Singleton
    static StatusTable table() {
        return StatusTable.of("parser-svc")
                .row(SqlSyntaxException.class, Status.Code.INVALID_ARGUMENT, StatusTable.MESSAGE)
                .causedBy(CallWork.OutOfTime.class, CallWork.OutOfTime::cancelled, Status.Code.CANCELLED, StatusTable.MESSAGE)
                .row(CallWork.OutOfTime.class, Status.Code.DEADLINE_EXCEEDED, StatusTable.MESSAGE)
                .row(StackOverflowError.class, Status.Code.INVALID_ARGUMENT,
                        "the SQL is too deeply nested to work through; flatten the expression or use a CTE")
                .row(IllegalStateException.class, Status.Code.FAILED_PRECONDITION, StatusTable.MESSAGE)
                .build();
    }
}
