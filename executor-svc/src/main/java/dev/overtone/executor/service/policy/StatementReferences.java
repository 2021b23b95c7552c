package dev.overtone.executor.service.policy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.WithItem;
import net.sf.jsqlparser.util.TablesNamesFinder;

/**
 * Everything a parsed statement refers to that the policy judges: tables (with their qualifiers),
 * function names, CTEs and the plain selects (for INTO and FOR UPDATE). Built on JSqlParser's
 * complete tree walk so that sub-queries, CTE bodies and expressions are all visited.
 */
final class StatementReferences extends TablesNamesFinder<Void> {
    final List<Table> tables = new ArrayList<>();
    final List<String> functions = new ArrayList<>();
    final Set<String> cteNames = new HashSet<>();
    final List<WithItem<?>> withItems = new ArrayList<>();
    final List<PlainSelect> plainSelects = new ArrayList<>();

    static StatementReferences of(Statement statement) {
        StatementReferences references = new StatementReferences();
        references.getTablesOrOtherSources(statement);
        return references;
    }

    @Override
    public <S> Void visit(Table table, S context) {
        tables.add(table);
        return super.visit(table, context);
    }

    @Override
    public <S> Void visit(Function function, S context) {
        List<String> parts = function.getMultipartName();
        String last = parts == null || parts.isEmpty() ? function.getName() : parts.get(parts.size() - 1);
        functions.add(unquote(last));
        return super.visit(function, context);
    }

    @Override
    public <S> Void visit(PlainSelect plainSelect, S context) {
        plainSelects.add(plainSelect);
        return super.visit(plainSelect, context);
    }

    @Override
    public <S> Void visit(WithItem<?> withItem, S context) {
        withItems.add(withItem);
        if (withItem.getAlias() != null) {
            cteNames.add(unquote(withItem.getAlias().getName()));
        }
        return super.visit(withItem, context);
    }

    static String unquote(String name) {
        if (name == null) {
            return "";
        }
        String n = name.trim();
        if (n.length() >= 2 && (n.charAt(0) == '"' || n.charAt(0) == '`' || n.charAt(0) == '[')) {
            n = n.substring(1, n.length() - 1);
        }
        return n.toLowerCase(Locale.ROOT);
    }
}
