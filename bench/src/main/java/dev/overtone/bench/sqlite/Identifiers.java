package dev.overtone.bench.sqlite;

import java.util.Locale;

/** A dump's table and column names: quoted as SQLite writes them, compared as SQLite does (ignoring case). */
final class Identifiers {

    private Identifiers() {
    }

    static String unquote(String name) {
        String n = name.strip();
        if (n.length() >= 2 && n.charAt(0) == n.charAt(n.length() - 1) && (n.charAt(0) == '"' || n.charAt(0) == '`')) {
            String q = String.valueOf(n.charAt(0));
            return n.substring(1, n.length() - 1).replace(q + q, q);
        }
        if (n.length() >= 2 && n.charAt(0) == '[' && n.charAt(n.length() - 1) == ']') {
            return n.substring(1, n.length() - 1);
        }
        return n;
    }

    static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
