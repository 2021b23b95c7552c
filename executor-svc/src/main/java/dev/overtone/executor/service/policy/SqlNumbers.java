package dev.overtone.executor.service.policy;

import java.math.BigInteger;

/** Where a number or a SQLite variable token ends, as each engine's tokenizer reads it, and a number as JSqlParser reads it. */
final class SqlNumbers {
    private SqlNumbers() {
    }

    /**
     * PostgreSQL (16+) numbers: decimal with {@code _} between digits, {@code 0x}/{@code 0o}/{@code 0b},
     * fraction, exponent; as flex matches the longest rule, identifier characters straight after a
     * number are part of the (erroneous) token, and {@code 1..} ends after the 1.
     */
    static int postgresNumberEnd(String sql, int start) {
        int n = sql.length();
        int j = start;
        if (sql.charAt(j) == '0' && j + 1 < n && "xXoObB".indexOf(sql.charAt(j + 1)) >= 0) {
            return SqlScanner.identifierEnd(sql, j + 1); // 0x1F, or junk such as 0xg: one token either way
        }
        if (sql.charAt(j) != '.') {
            j = decimalEnd(sql, j);
        }
        if (j < n && sql.charAt(j) == '.') {
            if (j + 1 < n && sql.charAt(j + 1) == '.') {
                return j; // 1..2: the integer, then the dots
            }
            j++;
            if (j < n && SqlScanner.isDigit(sql.charAt(j))) {
                j = decimalEnd(sql, j);
            }
        }
        if (j < n && (sql.charAt(j) == 'e' || sql.charAt(j) == 'E')) {
            char sign = j + 1 < n ? sql.charAt(j + 1) : 0;
            if (SqlScanner.isDigit(sign)) {
                j = decimalEnd(sql, j + 1);
            } else if (sign == '+' || sign == '-') {
                if (j + 2 < n && SqlScanner.isDigit(sql.charAt(j + 2))) {
                    j = decimalEnd(sql, j + 2);
                } else {
                    return j + 2; // 1e+ : an error token of its own
                }
            }
        }
        return j < n && SqlScanner.isIdentifierStart(sql.charAt(j)) ? SqlScanner.identifierEnd(sql, j + 1) : j;
    }

    /** Digits with single underscores between them, from a digit. */
    private static int decimalEnd(String sql, int from) {
        int n = sql.length();
        int j = from + 1;
        while (j < n) {
            if (SqlScanner.isDigit(sql.charAt(j))) {
                j++;
            } else if (sql.charAt(j) == '_' && j + 1 < n && SqlScanner.isDigit(sql.charAt(j + 1))) {
                j += 2;
            } else {
                break;
            }
        }
        return j;
    }

    /** SQLite's tokenize.c: digits and {@code _}, {@code 0x} hex, fraction, exponent, then any identifier characters. */
    static int sqliteNumberEnd(String sql, int start) {
        int n = sql.length();
        int j = start;
        if (sql.startsWith("0x", j) || sql.startsWith("0X", j)) {
            if (j + 2 < n && Character.digit(sql.charAt(j + 2), 16) >= 0 && sql.charAt(j + 2) < 0x80) {
                j += 3;
                while (j < n && ((Character.digit(sql.charAt(j), 16) >= 0 && sql.charAt(j) < 0x80)
                        || sql.charAt(j) == '_')) {
                    j++;
                }
                return SqlScanner.identifierEnd(sql, j);
            }
        }
        j = digitsOrUnderscores(sql, j);
        if (j < n && sql.charAt(j) == '.') {
            j = digitsOrUnderscores(sql, j + 1);
        }
        if (j < n && (sql.charAt(j) == 'e' || sql.charAt(j) == 'E')) {
            char next = j + 1 < n ? sql.charAt(j + 1) : 0;
            boolean signed = (next == '+' || next == '-') && j + 2 < n && SqlScanner.isDigit(sql.charAt(j + 2));
            if (SqlScanner.isDigit(next) || signed) {
                j = digitsOrUnderscores(sql, j + 2);
            }
        }
        return SqlScanner.identifierEnd(sql, j);
    }

    private static int digitsOrUnderscores(String sql, int from) {
        int n = sql.length();
        int j = from;
        while (j < n && (SqlScanner.isDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
            j++;
        }
        return j;
    }

    /** What JSqlParser reads for a number: underscores dropped, 0x/0o/0b in decimal; anything else as written. */
    static String numberForAnalysis(String number) {
        String digits = number.replace("_", "");
        if (digits.length() > 2 && digits.charAt(0) == '0') {
            int radix = switch (Character.toLowerCase(digits.charAt(1))) {
                case 'x' -> 16;
                case 'o' -> 8;
                case 'b' -> 2;
                default -> 0;
            };
            if (radix > 0) {
                try {
                    return new BigInteger(digits.substring(2), radix).toString();
                } catch (NumberFormatException e) {
                    return number; // the engine refuses it
                }
            }
        }
        return digits;
    }

    /** SQLite's variable token ({@code ?NNN}, or {@code $ @ : #} with a name, {@code ::} segments and a {@code (...)} suffix). */
    static int sqliteVariableEnd(String sql, int start) {
        int n = sql.length();
        int j = start + 1;
        if (sql.charAt(start) == '?') {
            while (j < n && SqlScanner.isDigit(sql.charAt(j))) {
                j++;
            }
            return j;
        }
        int nameCharacters = 0;
        while (j < n) {
            char c = sql.charAt(j);
            if (SqlScanner.isIdentifierPart(c)) {
                nameCharacters++;
                j++;
            } else if (c == '(' && nameCharacters > 0) {
                j++;
                while (j < n && sql.charAt(j) != ')' && !isSqliteSpace(sql.charAt(j))) {
                    j++;
                }
                return j < n && sql.charAt(j) == ')' ? j + 1 : j;
            } else if (c == ':' && j + 1 < n && sql.charAt(j + 1) == ':') {
                j += 2;
            } else {
                break;
            }
        }
        return j;
    }

    /** SQLite's isspace(): the blanks and \v. */
    private static boolean isSqliteSpace(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }
}
