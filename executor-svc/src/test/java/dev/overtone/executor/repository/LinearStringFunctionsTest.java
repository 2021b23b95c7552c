package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import org.sqlite.SQLiteConfig;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteLimits;

/**
 * The linear instr, replace and trim give what SQLite's built-ins give, on many random arguments (text with
 * multi-byte characters and NULs, blobs, numbers, NULLs, empty values), and stop at the statement's deadline
 * where SQLite's own would run on.
 */
class LinearStringFunctionsTest {
    private static final int MAX_LENGTH = 400;
    private static final String[] ALPHABET = {"a", "b", "é", "😀", "ab", " ", "\0"};

    private final Random random = new Random(20261126);
    private Connection builtIn;
    private Connection linear;

    @BeforeEach
    void open() throws SQLException {
        builtIn = connection();
        linear = connection();
        LinearStringFunctions.register(linear, MAX_LENGTH);
    }

    @AfterEach
    void close() throws SQLException {
        builtIn.close();
        linear.close();
        StatementDeadline.clear();
    }

    private static Connection connection() throws SQLException {
        Connection c = new SQLiteConfig().createConnection("jdbc:sqlite::memory:");
        c.unwrap(SQLiteConnection.class).setLimit(SQLiteLimits.SQLITE_LIMIT_LENGTH, MAX_LENGTH);
        return c;
    }

    @Test
    void instrGivesWhatSqliteGives() throws SQLException {
        for (int i = 0; i < 3000; i++) {
            if (random.nextInt(6) == 0) {
                compare("instr(?, ?)", bytes(), bytes());
            } else {
                compare("instr(?, ?)", argument(), argument());
            }
        }
    }

    @Test
    void replaceGivesWhatSqliteGives() throws SQLException {
        for (int i = 0; i < 3000; i++) {
            compare("replace(?, ?, ?)", argument(), shortArgument(), argument());
        }
    }

    @Test
    void trimLtrimAndRtrimGiveWhatSqliteGives() throws SQLException {
        for (String f : List.of("trim", "ltrim", "rtrim")) {
            for (int i = 0; i < 1500; i++) {
                compare(f + "(?, ?)", argument(), shortArgument());
            }
        }
    }

    @Test
    void theEdgeCasesOfTheDocumentationAgree() throws SQLException {
        compare("instr(?, ?)", "", "");
        compare("instr(?, ?)", null, "a");
        compare("instr(?, ?)", "héllo😀x", "x");
        compare("instr(?, ?)", "héllo".getBytes(StandardCharsets.UTF_8), "l");
        compare("instr(?, ?)", new byte[] {1, 2, 3}, new byte[] {2, 3});
        compare("instr(?, ?)", 12345L, 34L);
        compare("instr(?, ?)", 1.5, ".5");
        compare("replace(?, ?, ?)", "abc", "", null);
        compare("replace(?, ?, ?)", "abc", "b", null);
        compare("replace(?, ?, ?)", 1234L, "", "x");
        compare("replace(?, ?, ?)", "aaaa", "aa", "b");
        compare("replace(?, ?, ?)", "abc", new byte[] {0, 'b'}, "x");
        compare("replace(?, ?, ?)", "a".repeat(100), "a", "abcde");
        compare("trim(?, ?)", "  x  ", "");
        compare("ltrim(?, ?)", 100200L, "01");
        compare("rtrim(?, ?)", "héé😀", "😀é");
        compare("trim(?, ?)", "abcba", "a\0b");
    }

    @Test
    void aFunctionStopsAtTheStatementsDeadline() throws SQLException {
        StatementDeadline.set(System.nanoTime() - 1);
        for (String call : List.of("instr('abc', 'b')", "replace('abc', 'b', 'x')", "trim('abc', 'a')")) {
            try (PreparedStatement st = linear.prepareStatement("SELECT " + call)) {
                assertThatThrownBy(() -> st.executeQuery().next()).isInstanceOf(SQLException.class)
                        .hasMessageContaining(StatementDeadline.PASSED);
            }
        }
        StatementDeadline.clear();
        assertThat(value(linear, "instr(?, ?)", "abc", "c")).isEqualTo(value(builtIn, "instr(?, ?)", "abc", "c"));
    }

    @Test
    void theReplacementsAreRegisteredAsInnocuousSoThatSchemaViewsMayUseThem() throws SQLException {
        try (var st = linear.createStatement()) {
            st.execute("PRAGMA trusted_schema = OFF");
            st.execute("CREATE VIEW v AS SELECT instr('abc', 'c') AS i, replace('abc', 'b', 'x') AS r, trim('xax', 'x') AS t");
            try (ResultSet rs = st.executeQuery("SELECT i, r, t FROM v")) {
                rs.next();
                assertThat(List.of(rs.getString(1), rs.getString(2), rs.getString(3))).containsExactly("3", "axc", "a");
            }
        }
    }

    /** Runs {@code call} on both connections and compares the type and the bytes of the results, or the failures. */
    private void compare(String call, Object... arguments) throws SQLException {
        assertThat(value(linear, call, arguments)).as("%s with %s", call, describe(arguments))
                .isEqualTo(value(builtIn, call, arguments));
    }

    private static String value(Connection connection, String call, Object... arguments) throws SQLException {
        try (PreparedStatement st = connection.prepareStatement("SELECT typeof(r), hex(r) FROM (SELECT " + call + " AS r)")) {
            for (int i = 0; i < arguments.length; i++) {
                st.setObject(i + 1, arguments[i]);
            }
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getString(1) + " " + rs.getString(2);
            }
        } catch (SQLException e) {
            return e.getMessage().contains("too big") ? "too big" : "error " + e.getMessage();
        }
    }

    /**
     * A random argument: often text of the small alphabet, else a blob (valid UTF-8: a blob taken as text is
     * read through Java's decoder, where SQLite keeps invalid bytes as they are), a number, NULL or empty.
     */
    private Object argument() {
        int kind = random.nextInt(10);
        return switch (kind) {
            case 0 -> null;
            case 1 -> "";
            case 2 -> random.nextInt(2000) - 1000;
            case 3 -> random.nextInt(100) / 4.0;
            case 4 -> text(random.nextInt(30)).getBytes(StandardCharsets.UTF_8);
            default -> text(random.nextInt(60));
        };
    }

    private Object shortArgument() {
        return random.nextInt(6) == 0 ? argument() : text(random.nextInt(4));
    }

    private String text(int length) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
            s.append(ALPHABET[random.nextInt(random.nextBoolean() ? 2 : ALPHABET.length)]);
        }
        return s.toString();
    }

    /** Any bytes: for instr of two blobs, which compares bytes. */
    private byte[] bytes() {
        byte[] b = new byte[random.nextInt(20)];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) new int[] {0, 1, 'a', 0xC3, 0xA9, 0x80}[random.nextInt(6)];
        }
        return b;
    }

    private static String describe(Object[] arguments) {
        List<String> shown = new ArrayList<>();
        for (Object a : arguments) {
            shown.add(a instanceof byte[] b ? "x'" + java.util.HexFormat.of().formatHex(b) + "'"
                    : a == null ? "NULL" : a.getClass().getSimpleName() + " '" + a + "'");
        }
        return String.join(", ", shown);
    }
}
