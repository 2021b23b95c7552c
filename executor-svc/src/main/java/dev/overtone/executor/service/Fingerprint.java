package dev.overtone.executor.service;

import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.Row;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * The result fingerprint, by the rule of the benchmark's reference scorer
 * ({@code ambrosia_eval.py results_match}):
 * <ul>
 * <li>unordered results are a multiset of cells: all cells of all rows flattened, so row
 * boundaries, row order and column order do not count;</li>
 * <li>ordered results (top-level ORDER BY) are a sequence of rows, each row a multiset of cells;</li>
 * <li>cells compare like Python values: every number by its exact value (1 = 1.0 = 1.00,
 * booleans are 1 and 0), text by its characters (so 1 ≠ '1'), blobs by their bytes, NULL as NULL;
 * dates and timestamps compare as their ISO text (SQLite stores them as text);</li>
 * <li>an empty result has the fixed fingerprint {@link #EMPTY}.</li>
 * </ul>
 */
public record Fingerprint(String value, String cellMultiset, String rowSequence) {
    /** The fingerprint of every empty result. */
    public static final String EMPTY = "empty";

    /**
     * @param ordered whether the statement orders its rows; it picks which of the two hashes is {@link #value()}
     */
    public static Fingerprint of(List<Row> rows, boolean ordered) {
        if (rows.isEmpty()) {
            return new Fingerprint(EMPTY, EMPTY, EMPTY);
        }
        List<String> allCells = new ArrayList<>();
        MessageDigest sequence = sha256();
        sequence.update((byte) 'o');
        for (Row row : rows) {
            String[] keys = new String[row.getCellsCount()];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = key(row.getCells(i));
                allCells.add(keys[i]);
            }
            Arrays.sort(keys);
            update(sequence, "row:" + keys.length);
            for (String key : keys) {
                update(sequence, key);
            }
        }
        allCells.sort(null);
        MessageDigest multiset = sha256();
        multiset.update((byte) 'u');
        for (String key : allCells) {
            update(multiset, key);
        }
        String cells = HexFormat.of().formatHex(multiset.digest());
        String seq = HexFormat.of().formatHex(sequence.digest());
        return new Fingerprint(ordered ? seq : cells, cells, seq);
    }

    /** The comparison key of one cell: its class (null, number, text, blob) and its normalised value. */
    static String key(Cell cell) {
        return switch (cell.getType()) {
            case VALUE_TYPE_NULL -> "z";
            case VALUE_TYPE_INTEGER, VALUE_TYPE_REAL -> "n:" + number(cell.getText());
            case VALUE_TYPE_BOOLEAN -> "n:" + ("true".equals(cell.getText()) ? "1" : "0");
            case VALUE_TYPE_BLOB -> "b:" + cell.getText().toLowerCase(java.util.Locale.ROOT);
            default -> "t:" + cell.getText();
        };
    }

    private static String number(String text) {
        try {
            BigDecimal value = new BigDecimal(text);
            return value.signum() == 0 ? "0" : value.stripTrailingZeros().toPlainString();
        } catch (NumberFormatException e) {
            return text; // NaN, Infinity, -Infinity
        }
    }

    private static void update(MessageDigest digest, String key) {
        byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
        digest.update((byte) (bytes.length >>> 24));
        digest.update((byte) (bytes.length >>> 16));
        digest.update((byte) (bytes.length >>> 8));
        digest.update((byte) bytes.length);
        digest.update(bytes);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JRE", e);
        }
    }
}
