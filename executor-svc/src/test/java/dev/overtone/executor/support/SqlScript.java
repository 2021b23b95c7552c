package dev.overtone.executor.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The statements of a sample script (samples/*.sql): split on semicolons outside quotes and comments. */
public final class SqlScript {
    private SqlScript() {
    }

    public static List<String> statements(Path script) throws IOException {
        String text = Files.readString(script);
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!quoted && c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
                int end = text.indexOf('\n', i);
                i = end < 0 ? text.length() : end;
                current.append('\n');
                continue;
            }
            if (c == '\'') {
                quoted = !quoted;
            }
            if (c == ';' && !quoted) {
                if (!current.toString().isBlank()) {
                    statements.add(current.toString().strip());
                }
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        if (!current.toString().isBlank()) {
            statements.add(current.toString().strip());
        }
        return statements;
    }
}
