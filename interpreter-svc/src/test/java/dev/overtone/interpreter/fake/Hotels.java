package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.DatabaseRef;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Row;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.ValueType;
import dev.overtone.runtime.testing.RecordedExchanges;

import java.util.Locale;
import java.util.Map;

/**
 * The demo hotel tenant as the fakes know it: its schema and the results of the SQL the tests use. What
 * parser-svc answers about these statements over this schema is recorded from the real service
 * (runtime's test-jar, contracts/parser-svc; see FakeParser): a test that sends it a new statement needs a
 * new recording.
 */
public final class Hotels {
    public static final String STARS = "SELECT name, stars FROM hotels";
    public static final String STARS_PARAPHRASE = "SELECT h.name, h.stars FROM hotels AS h";
    public static final String SCORE = "SELECT h.name, AVG(r.score) FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.name";
    public static final String BROKEN = "SELECT rating FROM hotels";
    public static final String NAMES = "SELECT name FROM hotels";
    /** The review-score reading as infill-svc offers it for {@link #STARS} (parser-svc's variant, recorded). */
    public static final String SCORE_VARIANT = "SELECT hotels.name, AVG(reviews.score) FROM hotels JOIN reviews ON reviews.hotel_id = hotels.id "
            + "GROUP BY hotels.id, hotels.name";

    private static final Map<String, String> FINGERPRINTS = Map.of(
            key(STARS), "fp-stars", key(STARS_PARAPHRASE), "fp-stars", key(SCORE), "fp-score", key(SCORE_VARIANT), "fp-score", key(NAMES), "fp-names");

    private Hotels() {
    }

    public static String key(String sql) {
        return sql.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    /** The demo hotel schema the parser-svc recordings were made over (runtime's test-jar fixture). */
    public static Schema schema(String tenant, String database) {
        return RecordedExchanges.fixture("demo-hotels-schema", Schema.newBuilder())
                .setDatabase(DatabaseRef.newBuilder().setTenant(tenant).setDatabase(database)).build();
    }

    /** The result of a known statement, or null when the fake engine does not know it (INVALID_ARGUMENT). */
    /** A statement whose result is {@link #WIDE_ROWS} rows of about {@link #WIDE_CELL} characters: WIDE_PREFIX + a number. */
    public static final String WIDE_PREFIX = "SELECT description FROM hotel_descriptions WHERE edition = ";
    public static final int WIDE_ROWS = 1000;
    public static final int WIDE_CELL = 2500;

    public static ExecuteResponse execute(String sql) {
        if (sql.startsWith(WIDE_PREFIX)) {
            return wide(sql.substring(WIDE_PREFIX.length()));
        }
        String fp = FINGERPRINTS.get(key(sql));
        if (fp == null) {
            return null;
        }
        ExecuteResponse.Builder b = ExecuteResponse.newBuilder().setFingerprint(fp)
                .addColumns(ResultColumn.newBuilder().setName("name").setValueType(ValueType.VALUE_TYPE_TEXT));
        String[] names = {"Grand Plaza", "Harbour View", "Old Mill Inn"};
        for (int i = 0; i < names.length; i++) {
            Row.Builder row = Row.newBuilder().addCells(Cell.newBuilder().setType(ValueType.VALUE_TYPE_TEXT).setText(names[i]));
            if (!fp.equals("fp-names")) {
                row.addCells(fp.equals("fp-stars") ? Cell.newBuilder().setType(ValueType.VALUE_TYPE_INTEGER).setText(String.valueOf(5 - i))
                        : Cell.newBuilder().setType(ValueType.VALUE_TYPE_REAL).setText(String.valueOf(8.5 - i)));
            }
            b.addRows(row);
        }
        if (!fp.equals("fp-names")) {
            b.addColumns(ResultColumn.newBuilder().setName(fp.equals("fp-stars") ? "stars" : "avg").setValueType(ValueType.VALUE_TYPE_INTEGER));
        }
        return b.build();
    }

    private static ExecuteResponse wide(String edition) {
        ExecuteResponse.Builder b = ExecuteResponse.newBuilder().setFingerprint("fp-wide-" + edition)
                .addColumns(ResultColumn.newBuilder().setName("description").setValueType(ValueType.VALUE_TYPE_TEXT));
        String text = edition.repeat(WIDE_CELL / Math.max(1, edition.length()));
        for (int i = 0; i < WIDE_ROWS; i++) {
            b.addRows(Row.newBuilder().addCells(Cell.newBuilder().setType(ValueType.VALUE_TYPE_TEXT).setText(text)));
        }
        return b.build();
    }
}
