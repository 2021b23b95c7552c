package dev.overtone.executor.repository;

import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Row;
import java.util.List;
import java.util.Set;

/**
 * What an engine returns for one statement: the rows within the limits, whether anything was cut
 * off, and by which caps.
 */
public record QueryResult(List<ResultColumn> columns, List<Row> rows, Set<Truncation> truncatedBy,
        long elapsedMicros) {

    public boolean truncated() {
        return !truncatedBy.isEmpty();
    }
}
