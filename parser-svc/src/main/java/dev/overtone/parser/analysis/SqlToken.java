package dev.overtone.parser.analysis;

/** One lexical token of SQL text, with its offset in the text it came from. */
public record SqlToken(Kind kind, String text, int start) {

    public enum Kind { WORD, NUMBER, STRING, DOUBLE_QUOTED, BACKTICKED, BRACKETED, OPERATOR, PUNCT, SPACE, COMMENT }

    public boolean significant() {
        return kind != Kind.SPACE && kind != Kind.COMMENT;
    }

    public boolean is(String word) {
        return text.equalsIgnoreCase(word);
    }

    /** The text inside the quotes of a quoted token, with doubled quotes undone. */
    public String unquoted() {
        return switch (kind) {
            case STRING -> text.substring(1, text.length() - 1).replace("''", "'");
            case DOUBLE_QUOTED -> text.substring(1, text.length() - 1).replace("\"\"", "\"");
            case BACKTICKED -> text.substring(1, text.length() - 1).replace("``", "`");
            case BRACKETED -> text.substring(1, text.length() - 1);
            default -> text;
        };
    }
}
