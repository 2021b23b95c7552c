package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Differential fuzzing of {@link SqlLexer} against the engines themselves. Texts are generated from
 * pieces (literals of every form, blanks and newlines of every kind, comments hiding hostile
 * fragments, quoted names, parameters); for every text the lexer accepts, the engine runs the
 * original text and the lexer's {@code engineText()}. They must both fail or both give the same rows
 * (values, not column names: SQLite names an expression column after its text), and the lexer must
 * count the statements the engine counts.
 */
final class LexerDifferential {
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
        SqlTextGenerator generator = new SqlTextGenerator(kind, new Random(seed));
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

    static String printable(String sql) {
        StringBuilder out = new StringBuilder();
        for (char c : sql.toCharArray()) {
            out.append(c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa1) || Character.isWhitespace(c)
                    ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        }
        return out.toString();
    }
}
