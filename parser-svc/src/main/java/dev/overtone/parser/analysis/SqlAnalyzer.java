package dev.overtone.parser.analysis;

import net.sf.jsqlparser.statement.select.Select;

import java.util.List;
import java.util.Locale;

/**
 * Pure analysis of one SELECT: tables and columns resolved through aliases, a canonical
 * re-print, a LogicalBeam-style template, clause-level slots and names the schema lacks.
 *
 * <p>Slot values are rendered with every column qualified by its real table name (not the alias),
 * so {@code h.stars} and {@code hotels.stars} give the same value.
 */
public final class SqlAnalyzer {

    public Analysis analyze(String sql, SchemaIndex schema) {
        return analyze(QueryParser.parse(sql, schema), schema);
    }

    /**
     * The analysis of a parsed query, which is handed back as it was parsed: the walk writes each column
     * and function in its resolved spelling (the slot values are printed from the tree) and puts the
     * parser's spelling back when it is done, so one parse can be analysed and then read by others
     * ({@link ParsedQueries}).
     */
    public Analysis analyze(Select select, SchemaIndex schema) {
        String canonical = select.toString();
        ClauseWalk walk = new ClauseWalk(schema == null ? SchemaIndex.EMPTY : schema);
        NameResolution names = walk.names;
        try {
            walk.select(select, null, "", true);
        } finally {
            names.restoreSpelling();
        }
        String template = template(canonical, names);
        List<Analysis.TableUsage> tables = names.tableAliases.entrySet().stream()
                .map(e -> new Analysis.TableUsage(e.getKey(), List.copyOf(e.getValue()))).toList();
        List<Analysis.ColumnUsage> columns = names.columnClauses.entrySet().stream().map(e -> {
            int dot = e.getKey().indexOf('\u0000');
            return new Analysis.ColumnUsage(e.getKey().substring(0, dot), e.getKey().substring(dot + 1), List.copyOf(e.getValue()));
        }).toList();
        return new Analysis(tables, columns, template, List.copyOf(walk.slots), canonical, List.copyOf(names.unknown));
    }

    private static String template(String canonical, NameResolution names) {
        StringBuilder out = new StringBuilder();
        for (SqlToken t : SqlLexer.tokenize(canonical)) {
            String piece = switch (t.kind()) {
                case SPACE, COMMENT -> " ";
                case NUMBER -> "num";
                case STRING -> "str";
                case WORD, DOUBLE_QUOTED, BACKTICKED, BRACKETED -> {
                    String k = t.unquoted().toLowerCase(Locale.ROOT);
                    if (names.tableNames.contains(k)) yield "tab";
                    if (names.aliasNames.contains(k)) yield "alias";
                    if (names.columnNames.contains(k)) yield "col";
                    yield t.kind() == SqlToken.Kind.WORD ? t.text().toUpperCase(Locale.ROOT) : "col";
                }
                default -> t.text();
            };
            if (piece.equals(" ") && (out.isEmpty() || out.charAt(out.length() - 1) == ' ')) continue;
            out.append(piece);
        }
        return out.toString().trim();
    }
}
