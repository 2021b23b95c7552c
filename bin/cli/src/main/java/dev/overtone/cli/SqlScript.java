package dev.overtone.cli;

import java.util.ArrayList;
import java.util.List;

/** Splits a SQL script into statements at semicolons outside quotes and comments. */
final class SqlScript {

    private SqlScript() {
    }

    static List<String> statements(String script) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int i = 0;
        while (i < script.length()) {
            char c = script.charAt(i);
            if (c == '-' && script.startsWith("--", i)) {
                int end = script.indexOf('\n', i);
                i = end < 0 ? script.length() : end + 1;
                current.append('\n');
                continue;
            }
            if (c == '\'' || c == '"') {
                int end = i + 1;
                while (end < script.length()) {
                    if (script.charAt(end) == c) {
                        if (end + 1 < script.length() && script.charAt(end + 1) == c) {
                            end += 2;
                            continue;
                        }
                        break;
                    }
                    end++;
                }
                current.append(script, i, Math.min(end + 1, script.length()));
                i = end + 1;
                continue;
            }
            if (c == ';') {
                addIfNotBlank(statements, current);
                current.setLength(0);
            } else {
                current.append(c);
            }
            i++;
        }
        addIfNotBlank(statements, current);
        return statements;
    }

    private static void addIfNotBlank(List<String> statements, StringBuilder statement) {
        String text = statement.toString().strip();
        if (!text.isEmpty()) {
            statements.add(text);
        }
    }
}
