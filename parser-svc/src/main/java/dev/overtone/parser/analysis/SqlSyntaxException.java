package dev.overtone.parser.analysis;

/** SQL text that does not parse, with the position (1-based) where the parser gave up. */
public class SqlSyntaxException extends RuntimeException {
    private final int line;
    private final int column;

    public SqlSyntaxException(String message, int line, int column) {
        super(message);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
