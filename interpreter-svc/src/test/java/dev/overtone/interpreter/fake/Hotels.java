package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.DescribeRequest;
import dev.overtone.proto.v1.DescribeResponse;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteBatchResponse;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Row;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.ValueType;
import dev.overtone.runtime.testing.RecordedExchanges;

import java.util.Locale;

/**
 * The demo hotel tenant as executor-svc answered for it (runtime's test-jar, contracts/executor-svc; see FakeExecutor):
 * its schema and the results of the SQL the tests use. What parser-svc answers about these statements over this schema
 * is recorded from the real service too (contracts/parser-svc; see FakeParser): a test that sends a new statement
 * needs new recordings.
 */
public final class Hotels {
    /** executor-svc's recorded answers, read once. */
    static final RecordedExchanges EXECUTOR = RecordedExchanges.load("executor-svc", ExecutorServiceGrpc.getServiceDescriptor());

    public static final String STARS = "SELECT name, stars FROM hotels";
    public static final String STARS_PARAPHRASE = "SELECT h.name, h.stars FROM hotels AS h";
    public static final String SCORE = "SELECT h.name, AVG(r.score) FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.name";
    public static final String BROKEN = "SELECT rating FROM hotels";
    public static final String NAMES = "SELECT name FROM hotels";
    /** The review-score reading as infill-svc offers it for {@link #STARS} (parser-svc's variant, recorded). */
    public static final String SCORE_VARIANT = "SELECT hotels.name, AVG(reviews.score) FROM hotels JOIN reviews ON reviews.hotel_id = hotels.id "
            + "GROUP BY hotels.id, hotels.name";

    /** A statement whose result is {@link #WIDE_ROWS} rows of about {@link #WIDE_CELL} characters: WIDE_PREFIX + a number. */
    public static final String WIDE_PREFIX = "SELECT description FROM hotel_descriptions WHERE edition = ";
    public static final int WIDE_ROWS = 1000;
    public static final int WIDE_CELL = 2500;

    private Hotels() {
    }

    public static String key(String sql) {
        return sql.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    /** The schema executor-svc describes for this tenant database (recorded). */
    public static Schema schema(String tenant, String database) {
        DescribeRequest request = DescribeRequest.newBuilder().setTenant(tenant).setDatabase(database).build();
        return EXECUTOR.<DescribeResponse>answer("Describe", request).map(DescribeResponse::getSchema)
                .orElseThrow(() -> new IllegalArgumentException("no recorded Describe of " + tenant + "/" + database));
    }

    /** The one-statement ExecuteBatch a statement of {@code batch} is recorded as (its limits without the timeout). */
    static ExecuteBatchRequest alone(ExecuteBatchRequest batch, String sql) {
        return batch.toBuilder().clearSqls().addSqls(sql).setLimits(batch.getLimits().toBuilder().clearTimeoutMs()).build();
    }

    /** The recorded result of a statement on demo/hotels, as the interpreter's ExecuteBatch got it; null when it failed. */
    public static ExecuteResponse execute(String sql) {
        return EXECUTOR.exchanges().stream()
                .filter(e -> e.request() instanceof ExecuteBatchRequest b && b.getTenant().equals("demo")
                        && b.getDatabase().equals("hotels") && b.getSqlsList().equals(java.util.List.of(sql)) && e.response() != null)
                .map(e -> ((ExecuteBatchResponse) e.response()).getResults(0))
                .findFirst().map(r -> r.hasResult() ? r.getResult() : null)
                .orElseThrow(() -> new IllegalArgumentException("no recorded ExecuteBatch of " + sql + " on demo/hotels"));
    }

    /** The fingerprint executor-svc gives the result of a statement on demo/hotels (recorded). */
    public static String fingerprint(String sql) {
        return execute(sql).getFingerprint();
    }

    /** Hand-written (see FakeExecutor#wideResults): a result past gRPC's default message size with another. */
    static ExecuteResponse wide(String edition) {
        ExecuteResponse.Builder b = ExecuteResponse.newBuilder().setFingerprint("fp-wide-" + edition)
                .addColumns(ResultColumn.newBuilder().setName("description").setValueType(ValueType.VALUE_TYPE_TEXT));
        String text = edition.repeat(WIDE_CELL / Math.max(1, edition.length()));
        for (int i = 0; i < WIDE_ROWS; i++) {
            b.addRows(Row.newBuilder().addCells(Cell.newBuilder().setType(ValueType.VALUE_TYPE_TEXT).setText(text)));
        }
        return b.build();
    }
}
