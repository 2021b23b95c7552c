package dev.overtone.parser.service;

import dev.overtone.parser.analysis.Analysis;
import dev.overtone.parser.dialect.DialectRewriter;
import dev.overtone.runtime.llm.ModelFailure;
import dev.overtone.runtime.llm.RetryableModelFailure;
import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.SqlAnalyzer;
import dev.overtone.parser.analysis.SqlExtraction;
import dev.overtone.parser.analysis.SqlSyntaxException;
import dev.overtone.parser.config.ParserConfig;
import dev.overtone.proto.v1.Schema;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Interpretation -> SQL with the LLM: prompt with the compact schema, extract the SQL from the
 * answer, validate it against the schema, re-ask with the error stated, normalise the dialect.
 */
@ApplicationScoped
public class ParseService {

    /** The SQL and how it was reached. */
    public record ParseResult(String sql, int attempts, List<String> repairedErrors) {
    }

    private final SqlWriter writer;
    private final ParserConfig config;
    private final SqlAnalyzer analyzer = new SqlAnalyzer();

    public ParseService(SqlWriter writer, ParserConfig config) {
        this.writer = writer;
        this.config = config;
    }

    public ParseResult parse(String interpretation, Schema schema, String question) {
        if (interpretation == null || interpretation.isBlank()) throw new IllegalArgumentException("interpretation is empty");
        if (!writer.configured())
            throw new IllegalStateException("Parse needs an LLM and none is configured: set overtone.parser.llm.base-url (env OVERTONE_LLM_BASE_URL)");
        String dialect = dialect(schema);
        String system = "You write one " + (dialect.equals(DialectRewriter.POSTGRESQL) ? "PostgreSQL" : "SQLite")
                + " SELECT query that answers the request over the database described below. "
                + "Use only the tables and columns listed. Return the SQL only: no explanation, no extra columns beyond what the request asks for.";
        StringBuilder user = new StringBuilder("Database:\n").append(SchemaPrompt.render(schema)).append('\n');
        if (question != null && !question.isBlank()) user.append("Question: ").append(question.strip()).append('\n');
        user.append("Request: ").append(interpretation.strip()).append("\nSQL:");
        return writeValid(system, user.toString(), schema);
    }

    /** True when an LLM endpoint is configured. */
    public boolean configured() {
        return writer.configured();
    }

    /** A SQL the database refused, rewritten by the model told the engine's error; validated and re-asked like Parse. */
    public ParseResult rewrite(String sql, String engineMessage, Schema schema, String question) {
        if (!writer.configured())
            throw new IllegalStateException("a rewrite needs an LLM and none is configured: set overtone.parser.llm.base-url (env OVERTONE_LLM_BASE_URL)");
        String system = "You correct one " + (dialect(schema).equals(DialectRewriter.POSTGRESQL) ? "PostgreSQL" : "SQLite")
                + " SELECT query that the database refused, keeping its meaning. Use only the tables and columns listed. Return the SQL only.";
        StringBuilder user = new StringBuilder("Database:\n").append(SchemaPrompt.render(schema)).append('\n');
        if (question != null && !question.isBlank()) user.append("Question: ").append(question.strip()).append('\n');
        user.append("Query:\n").append(sql.strip()).append("\nThe database answered: ").append(engineMessage.strip())
                .append("\nCorrected SQL:");
        return writeValid(system, user.toString(), schema);
    }

    /** Asks, extracts, validates and re-asks with the error up to max-repairs times. */
    private ParseResult writeValid(String system, String firstPrompt, Schema schema) {
        String dialect = dialect(schema);
        SchemaIndex index = SchemaIndex.of(schema);
        List<String> errors = new ArrayList<>();
        String prompt = firstPrompt;
        int attempts = 0;
        int maxAttempts = 1 + Math.max(0, config.llm().maxRepairs());
        while (attempts < maxAttempts) {
            attempts++;
            String answer = ask(system, prompt);
            String error;
            Optional<String> sql = SqlExtraction.extract(answer);
            if (sql.isEmpty()) {
                error = "the answer holds no SQL query";
            } else {
                error = validate(sql.get(), index);
                if (error == null) {
                    String normalized = DialectRewriter.normalize(sql.get(), dialect, index).sql();
                    return new ParseResult(normalized, attempts, List.copyOf(errors));
                }
            }
            errors.add(error);
            prompt = firstPrompt + "\n\nYour previous answer was:\n" + (answer == null ? "" : answer.strip())
                    + "\nIt is not valid: " + error + ". Write the corrected SQL only.\nSQL:";
        }
        throw new ParseFailedException("no valid SQL after " + attempts + " model answers; last error: " + errors.get(errors.size() - 1));
    }

    /** One model answer; a failure for a passing reason is retried up to {@code llm.retries} times. */
    private String ask(String system, String user) {
        int retries = Math.max(0, config.llm().retries());
        for (int attempt = 0; ; attempt++) {
            try {
                return writer.complete(system, user);
            } catch (ModelFailure e) {
                if (attempt >= retries || !(e instanceof RetryableModelFailure)) {
                    throw unavailable(e);
                }
            }
        }
    }

    private LlmUnavailableException unavailable(ModelFailure e) {
        String where = config.llm().baseUrl().orElse("?");
        return new LlmUnavailableException(e.timedOut()
                ? "the LLM endpoint " + where + " did not answer within " + config.llm().timeout().toSeconds() + "s"
                : "the LLM endpoint " + where + " failed: " + e.getMessage(), e.timedOut(), e);
    }

    /** Null when the SQL parses and names only what the schema has; else the error in words. */
    private String validate(String sql, SchemaIndex schema) {
        try {
            Analysis a = analyzer.analyze(sql, schema);
            if (!a.unknownNames().isEmpty()) return "unknown table or column: " + String.join(", ", a.unknownNames());
            return null;
        } catch (SqlSyntaxException e) {
            return e.getMessage();
        }
    }

    private static String dialect(Schema schema) {
        String d = schema == null ? "" : schema.getDialect().toLowerCase(Locale.ROOT);
        return d.equals(DialectRewriter.POSTGRESQL) ? DialectRewriter.POSTGRESQL : DialectRewriter.SQLITE;
    }
}
