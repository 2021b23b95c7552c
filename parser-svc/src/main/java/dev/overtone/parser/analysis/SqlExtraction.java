package dev.overtone.parser.analysis;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Finds the SQL in what a model really answers: code fences, prose around it, several statements. */
public final class SqlExtraction {

    private static final Pattern FENCE = Pattern.compile("```[a-zA-Z]*\\s*\\n?(.*?)```", Pattern.DOTALL);
    private static final Pattern START = Pattern.compile("(?i)\\b(SELECT\\b|WITH\\s+\\w+\\s+AS\\s*\\()");

    private SqlExtraction() {
    }

    public static Optional<String> extract(String answer) {
        if (answer == null || answer.isBlank()) return Optional.empty();
        Matcher fence = FENCE.matcher(answer);
        while (fence.find()) {
            Optional<String> inside = firstStatement(fence.group(1));
            if (inside.isPresent()) return inside;
        }
        return firstStatement(answer);
    }

    private static Optional<String> firstStatement(String text) {
        Matcher m = START.matcher(text);
        if (!m.find()) return Optional.empty();
        String rest = text.substring(m.start());
        StringBuilder out = new StringBuilder();
        for (SqlToken t : SqlLexer.tokenize(rest)) {
            if (t.text().equals(";")) break;
            if (t.kind() == SqlToken.Kind.SPACE && t.text().matches("(?s).*\\n\\s*\\n.*")) break;
            out.append(t.text());
        }
        String sql = out.toString().strip();
        return sql.isEmpty() ? Optional.empty() : Optional.of(sql);
    }
}
