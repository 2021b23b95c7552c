package dev.overtone.parser.analysis;

import dev.overtone.parser.dialect.DialectRewriter;

import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.parser.TokenMgrException;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.Select;

/**
 * Parses one SELECT statement (SQLite or PostgreSQL flavour) into JSqlParser's tree, on the calling thread. Every parse
 * of parser-svc comes here, so here a statement beyond {@link SqlBounds} is refused, and a call out of time stops
 * ({@link CallWork}): a Variants or Repair call parses the statement again for each rewrite it tries.
 */
public final class QueryParser {

    private QueryParser() {
    }

    public static Select parse(String sql, SchemaIndex schema) {
        if (sql == null || sql.isBlank()) throw new SqlSyntaxException("the SQL is empty", 1, 1);
        CallWork.check();
        SqlBounds.check(sql);
        String text = DialectRewriter.parsable(sql, schema);
        Statement statement;
        try {
            CCJSqlParser parser = CCJSqlParserUtil.newParser(text).withAllowComplexParsing(true);
            statement = parser.Statement();
        } catch (ParseException e) {
            Token at = e.currentToken != null && e.currentToken.next != null ? e.currentToken.next : e.currentToken;
            int line = at == null ? 1 : at.beginLine;
            int col = at == null ? 1 : at.beginColumn;
            String near = at == null || at.image == null || at.image.isEmpty() ? "end of input" : "\"" + at.image + "\"";
            throw new SqlSyntaxException("SQL does not parse at line " + line + ", column " + col + " near " + near, line, col);
        } catch (StackOverflowError e) {
            throw new SqlSyntaxException("the SQL nests too deeply to parse; flatten the expression or use a CTE", 1, 1);
        } catch (TokenMgrException | Error e) {
            throw new SqlSyntaxException("SQL does not parse: " + firstLine(e.getMessage()), 1, 1);
        }
        if (!(statement instanceof Select select))
            throw new SqlSyntaxException("only SELECT queries are supported; this statement starts with "
                    + firstWord(text), 1, 1);
        return select;
    }

    /** The statement's first word, as the person wrote it (never a parser class name). */
    private static String firstWord(String sql) {
        String trimmed = sql.strip();
        int end = 0;
        while (end < trimmed.length() && Character.isLetter(trimmed.charAt(end))) end++;
        return end == 0 ? "something other than SELECT" : trimmed.substring(0, end).toUpperCase(java.util.Locale.ROOT);
    }

    private static String firstLine(String s) {
        if (s == null) return "unknown error";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
