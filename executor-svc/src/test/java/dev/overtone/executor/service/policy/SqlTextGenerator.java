package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import java.util.Random;

/** Texts that start with SELECT, built from pieces chosen with a seeded Random, for {@link LexerDifferential}. */
final class SqlTextGenerator {
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

    SqlTextGenerator(EngineKind engine, Random random) {
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
