package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.PgConnection;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.sqlite.ProgressHandler;

/**
 * Differential fuzzing of {@link SqlLexer} against the engines themselves. Texts are generated from
 * pieces (literals of every form, blanks and newlines of every kind, comments hiding hostile
 * fragments, quoted names, parameters); for every text the lexer accepts, the engine runs the
 * original text and the lexer's {@code engineText()}. They must both fail or both give the same rows
 * (values, not column names: SQLite names an expression column after its text), and the lexer must
 * count the statements the engine counts.
 */
final class LexerDifferential {
    private static final Duration WAIT = Duration.ofSeconds(10);

    /** The first statement's rows ({@code null} when it failed) and how many statements the engine read (-1: unknown). */
    record Reading(List<String> rows, int statements) {
        boolean failed() {
            return rows == null;
        }
    }

    /** What one run found; {@code undetermined}: the engine failed on a text the lexer split, so neither can be compared. */
    record Counts(EngineKind engine, int texts, int accepted, int refused, int agreeing, int undetermined,
            List<String> disagreements, Map<String, Integer> refusals) {
        @Override
        public String toString() {
            return engine.dialect() + ": texts " + texts + ", accepted by the lexer " + accepted + ", refused " + refused
                    + ", agreeing " + agreeing + ", undetermined " + undetermined + ", disagreeing " + disagreements.size()
                    + "; refusals " + refusals;
        }
    }

    interface Engine extends AutoCloseable {
        Reading read(String sql);

        @Override
        void close();
    }

    static Counts run(EngineKind kind, Engine engine, long seed, int texts) {
        Generator generator = new Generator(kind, new Random(seed));
        int accepted = 0;
        int refused = 0;
        int agreeing = 0;
        int undetermined = 0;
        List<String> disagreements = new ArrayList<>();
        Map<String, Integer> refusals = new TreeMap<>();
        for (int k = 0; k < texts; k++) {
            String sql = generator.text();
            SqlLexer.Lexed lexed;
            try {
                lexed = SqlLexer.lex(sql, kind);
            } catch (SandboxException e) {
                refused++;
                refusals.merge(String.join(" ", Arrays.asList(e.getMessage().split(" ", 4)).subList(0, 3)), 1, Integer::sum);
                continue;
            }
            accepted++;
            Reading original = engine.read(sql);
            String disagreement = disagreement(kind, lexed, original, engine);
            if (disagreement == null) {
                agreeing++;
            } else if (disagreement.isEmpty()) {
                undetermined++;
            } else {
                disagreements.add(disagreement + ": " + printable(sql) + "  sent: " + printable(lexed.engineText()));
            }
        }
        return new Counts(kind, texts, accepted, refused, agreeing, undetermined, disagreements, refusals);
    }

    /** null when lexer and engine agree, "" when it cannot be told, else what differs. */
    private static String disagreement(EngineKind kind, SqlLexer.Lexed lexed, Reading original, Engine engine) {
        int lexerStatements = lexed.statements();
        if (original.statements() >= 0) {
            int comparable = kind == EngineKind.SQLITE ? Math.min(lexerStatements, 2) : lexerStatements;
            if (comparable != original.statements()) {
                return "the lexer counts " + lexerStatements + " statements, " + kind.dialect() + " "
                        + (kind == EngineKind.SQLITE && original.statements() == 2 ? "more than 1" : original.statements());
            }
        }
        if (kind == EngineKind.POSTGRESQL && original.failed() && lexerStatements > 1) {
            return ""; // PostgreSQL parses the whole text first: the first statement's own outcome is unknown
        }
        Reading sent = engine.read(lexed.engineText());
        if (original.failed() != sent.failed()) {
            return "the original text " + (original.failed() ? "fails" : "runs") + ", the text sent "
                    + (sent.failed() ? "fails" : "runs");
        }
        if (!original.failed() && !original.rows().equals(sent.rows())) {
            return "rows differ: " + original.rows() + " vs " + sent.rows();
        }
        return null;
    }

    private static String printed(Object value) {
        return value instanceof Object[] array ? java.util.Arrays.deepToString(array) : String.valueOf(value);
    }

    static String printable(String sql) {
        StringBuilder out = new StringBuilder();
        for (char c : sql.toCharArray()) {
            out.append(c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa1) || Character.isWhitespace(c)
                    ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        }
        return out.toString();
    }

    /** An in-memory SQLite: the first statement prepared and stepped; sqlite3_exec then tells whether more ran. */
    static final class Sqlite implements Engine {
        private final Connection connection;
        private int steps;

        Sqlite() throws SQLException {
            connection = DriverManager.getConnection("jdbc:sqlite::memory:");
            ProgressHandler.setHandler(connection, 1, new ProgressHandler() {
                @Override
                protected int progress() {
                    steps++;
                    return 0;
                }
            });
            read("SELECT 1"); // the first statement on a connection takes extra steps
        }

        @Override
        public Reading read(String sql) {
            steps = 0;
            List<String> rows = new ArrayList<>();
            try (PreparedStatement statement = connection.prepareStatement(sql);
                    ResultSet rs = statement.executeQuery()) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    StringBuilder row = new StringBuilder();
                    for (int c = 1; c <= columns; c++) {
                        Object value = rs.getObject(c);
                        row.append(value instanceof byte[] bytes ? "x" + HexFormat.of().formatHex(bytes) : value)
                                .append('|');
                    }
                    rows.add(row.toString());
                }
            } catch (SQLException e) {
                return new Reading(null, -1);
            }
            int firstStatementSteps = steps;
            steps = 0;
            boolean several;
            try (Statement statement = connection.createStatement()) {
                statement.executeUpdate(sql); // sqlite3_exec: every statement in turn, as the prepare tail goes
                several = steps > firstStatementSteps;
            } catch (SQLException e) {
                several = true; // the first statement ran above: a later one failed
            }
            return new Reading(rows, several ? 2 : 1);
        }

        @Override
        public void close() {
            try {
                connection.close();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** The test PostgreSQL, simple query protocol (one result per statement), in a READ ONLY transaction rolled back. */
    static final class Postgres implements Engine {
        private final PgConnection connection;

        Postgres(Vertx vertx) {
            connection = PgConnection.connect(vertx, new PgConnectOptions()
                    .setHost(TenantDatabasesResource.postgresHost()).setPort(TenantDatabasesResource.postgresPort())
                    .setDatabase("postgres").setUser(TenantDatabasesResource.adminUser())
                    .setPassword(TenantDatabasesResource.adminPassword())).await().atMost(WAIT);
        }

        @Override
        public Reading read(String sql) {
            connection.query("BEGIN READ ONLY").execute().await().atMost(WAIT);
            try {
                RowSet<Row> first = connection.query(sql).execute().await().atMost(WAIT);
                int statements = 1;
                for (RowSet<Row> more = first.next(); more != null; more = more.next()) {
                    statements++;
                }
                List<String> rows = new ArrayList<>();
                for (Row row : first) {
                    StringBuilder text = new StringBuilder();
                    for (int c = 0; c < row.size(); c++) {
                        text.append(printed(row.getValue(c))).append('|');
                    }
                    rows.add(text.toString());
                }
                return new Reading(rows, statements);
            } catch (PgException e) {
                return new Reading(null, -1);
            } finally {
                connection.query("ROLLBACK").execute().await().atMost(WAIT);
            }
        }

        @Override
        public void close() {
            connection.close().await().atMost(WAIT);
        }
    }

    /** Texts that start with SELECT, built from pieces chosen with a seeded Random. */
    static final class Generator {
        private static final String[] NEWLINES = {"\n", "\r", "\r\n"};
        private static final String[] BLANKS = {" ", " ", " ", "\t", "\f", "\u0085", "\u00a0", "\u2028", "\u3000",
                "\u2003", "  ", " \u000b"};
        /** Refused outside quotes: rare, or few texts would reach the engines. */
        private static final String[] CONTROLS = {"\u000b", "\u001f", "\u001c", "\u0001", "\u007f"};
        private static final String[] HOSTILE = {"'", "''", "*/", "/*", "--", "$$", ";", "\\", "\\'", "UNION SELECT 42",
                "; SELECT 42", "\"", "]", "`", ", 42", "\r, 42", "\n, 42", "\r\n, 42", "$a$", "E'", "/* */", "*/ , 42 /*",
                "x", "it's", "/*/", "\u2028, 42", "\u0085, 42"};
        private static final String[] NUMBERS = {"1", "42", "007", "3.14", ".5", "1.", "1e3", "1.5E-2", "2e+2", "0x1F",
                "0X1f", "0x_1F", "1_000", "1_000.5", "0o17", "0b101", "1__0", "1_", "1e", "1e+", "1abc", "0x", "0xg",
                "1..2", "1.2.3", "1$$x$$", "1$a", "1e'x'", "1x'41'", "0b2", "00", "9223372036854775808"};
        private static final String[] PARAMETERS = {"?", "?2", ":a", "@a", "$a", "$a::b(x)", "$x(')", "#a", "$1", "$12",
                ":", "@", "$"};
        private static final String[] POSTGRES_OPERATORS = {"'{\"a\":1}'::jsonb ? 'a'", "'{\"a\":1}'::jsonb ?| array['a']",
                "'{\"a\":1}'::jsonb ?& array['a']", "(ARRAY[1,2,3])[1:2]", "1::text", "a$b$ FROM (SELECT 1 AS a$b$) t"};

        private final EngineKind engine;
        private final Random random;

        Generator(EngineKind engine, Random random) {
            this.engine = engine;
            this.random = random;
        }

        String text() {
            StringBuilder sql = new StringBuilder("SELECT");
            int items = 1 + random.nextInt(3);
            for (int k = 0; k < items; k++) {
                if (k > 0) {
                    sql.append(gap(false)).append(',');
                }
                sql.append(gap(true)).append(item());
            }
            switch (random.nextInt(8)) {
                case 0 -> sql.append(gap(false)).append(';');
                case 1 -> sql.append(gap(false)).append(";").append(gap(false)).append("SELECT 42");
                case 2 -> sql.append(gap(false)).append("-- ").append(fragment());
                case 3 -> sql.append(gap(false)).append("/* ").append(fragment());
                case 4 -> sql.append(gap(false)).append("/*");
                case 5 -> sql.append(gap(false)).append(";").append(gap(false));
                default -> { }
            }
            return sql.toString();
        }

        private String gap(boolean required) {
            int parts = required ? 1 + random.nextInt(2) : random.nextInt(3);
            StringBuilder gap = new StringBuilder();
            for (int k = 0; k < parts; k++) {
                int choice = random.nextInt(10);
                if (random.nextInt(40) == 0) {
                    gap.append(pick(CONTROLS));
                } else if (choice < 5) {
                    gap.append(pick(BLANKS));
                } else if (choice < 7) {
                    gap.append(pick(NEWLINES));
                } else {
                    gap.append(comment());
                }
            }
            return gap.toString();
        }

        private String comment() {
            int choice = random.nextInt(8);
            if (choice == 5 && engine == EngineKind.POSTGRESQL && random.nextInt(4) > 0) {
                choice = 2; // never closed on PostgreSQL, where comments nest: keep most texts readable
            }
            return switch (choice) {
                case 0, 1 -> "--" + fragment() + pick(NEWLINES);
                case 2 -> "/* " + fragment() + " */";
                case 3 -> "/* /* " + fragment() + " */ " + fragment() + " */";
                case 4 -> "/* /* */ " + fragment() + " */";
                case 5 -> "/* /*/ " + fragment() + " */";
                case 6 -> "/*!" + fragment() + "*/"; // MySQL's conditional comment: a comment to both engines
                default -> "/*" + fragment() + "*/";
            };
        }

        private String fragment() {
            int parts = 1 + random.nextInt(2);
            StringBuilder fragment = new StringBuilder();
            for (int k = 0; k < parts; k++) {
                fragment.append(random.nextInt(3) == 0 ? pick(random.nextBoolean() ? BLANKS : CONTROLS) : "").append(pick(HOSTILE));
            }
            return fragment.toString();
        }

        private String item() {
            int choice = random.nextInt(16);
            if ((choice == 6 || choice == 13) && engine == EngineKind.SQLITE && random.nextInt(4) > 0) {
                choice = 0; // PostgreSQL syntax, a bind parameter on SQLite: refused there, keep a few
            }
            return switch (choice) {
                case 0, 1 -> pick(NUMBERS);
                case 2, 3 -> "'" + fragment().replace("'", "''") + "'";
                case 4 -> "'" + fragment() + "'";
                case 5 -> pick("E", "e") + "'" + fragment().replace("'", "\\'") + "'";
                case 6 -> dollarQuoted();
                case 7 -> pick("U&'\\0041'", "U&'!0041' UESCAPE '!'", "U&'a'" + gap(true) + "UESCAPE" + gap(true) + "'!'",
                        "1 AS U&\"x\\0041\"", "1 AS U&\"x!0041\"" + gap(true) + "UESCAPE" + gap(true) + "'!'",
                        "U&'\\'", "u&'x'");
                case 8 -> "'a'" + gap(true) + "'" + fragment().replace("'", "''") + "'";
                case 9 -> pick("E'x'", "'x'", "X'41'", "B'01'", "N'n'", "U&'u'") + gap(true) + "'" + fragment() + "'";
                case 10 -> pick("X'41'", "x'4'", "X'zz'", "X'41''42'", "B'0101'", "b'2'", "N'n''n'", "n'x'");
                case 11 -> "1 AS " + pick("\"a\"\"b\"", "[a;b]", "`a;b`", "\"--\"", "[x]]", "`a``b`", "\"" + fragment()
                        .replace("\"", "\"\"") + "\"");
                case 12 -> pick(PARAMETERS) + (random.nextBoolean() ? "" : pick(" ", "(", "::x", "('") + fragment());
                case 13 -> pick(POSTGRES_OPERATORS);
                case 14 -> pick(NUMBERS) + pick(BLANKS) + pick(NUMBERS);
                default -> "1" + gap(false) + pick("+", "-", "*", "/", "||", "=", "==", "<>", "!=") + gap(false) + "2";
            };
        }

        private String dollarQuoted() {
            String tag = pick("", "t", "a1", "_x", "é");
            String inner = fragment();
            return random.nextInt(4) == 0
                    ? "$" + tag + "$ $$ " + inner + " $$ $" + tag + "$"
                    : "$" + tag + "$" + inner + "$" + tag + "$";
        }

        private String pick(String... choices) {
            return choices[random.nextInt(choices.length)];
        }
    }
}
