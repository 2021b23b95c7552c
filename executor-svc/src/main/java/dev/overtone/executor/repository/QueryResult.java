package dev.overtone.executor.repository;

import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Row;
import java.util.List;

/** What an engine returns for one statement: the rows within the limits and whether more were cut off. */
public record QueryResult(List<ResultColumn> columns, List<Row> rows, boolean truncated, long elapsedMicros) {
}
