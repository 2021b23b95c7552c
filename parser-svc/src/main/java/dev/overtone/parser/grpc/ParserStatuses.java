package dev.overtone.parser.grpc;

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
                .row(IllegalStateException.class, Status.Code.FAILED_PRECONDITION, StatusTable.MESSAGE)
                .build();
    }
}
