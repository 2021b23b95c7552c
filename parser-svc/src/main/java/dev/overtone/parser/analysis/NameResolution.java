package dev.overtone.parser.analysis;

import dev.overtone.parser.dialect.DialectRewriter;

import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.Select;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The names of one query as {@link SqlAnalyzer} walks it: tables and aliases registered per SELECT scope,
 * each column resolved through them to its real table and respelled so (put back by {@link #restoreSpelling()}),
 * the clauses each column is used in, and the names the schema lacks.
 */
final class NameResolution {
    final Map<String, List<String>> tableAliases = new LinkedHashMap<>();
    final Map<String, LinkedHashSet<String>> columnClauses = new LinkedHashMap<>();
    final Set<String> unknown = new LinkedHashSet<>();
    final Set<String> tableNames = new HashSet<>();
    final Set<String> aliasNames = new HashSet<>();
    final Set<String> columnNames = new HashSet<>();
    private final Set<String> cteNames = new HashSet<>();
    /** How to put back what the walk respelled, latest first. */
    private final Deque<Runnable> respelled = new ArrayDeque<>();
    private final SchemaIndex schema;
    /** Walks a subquery (unslotted) within the given scope. */
    private final BiConsumer<Select, NameScope> subselect;
    private NameScope scope;
    private String clause = "select";
    private List<String> elements;

    NameResolution(SchemaIndex schema, BiConsumer<Select, NameScope> subselect) {
        this.schema = schema;
        this.subselect = subselect;
    }

    void restoreSpelling() {
        while (!respelled.isEmpty()) respelled.pop().run();
    }

    /** Opens a SELECT's scope; returns the one to {@link #leave} to. */
    NameScope enter(NameScope parent) {
        NameScope outer = scope;
        scope = new NameScope(parent);
        return outer;
    }

    void leave(NameScope outer) {
        scope = outer;
    }

    NameScope scope() {
        return scope;
    }

    /** The elements (qualified columns) the last {@link #visit} resolved. */
    List<String> elements() {
        return elements;
    }

    void declareCte(String name) {
        cteNames.add(name.toLowerCase(Locale.ROOT));
        aliasNames.add(name.toLowerCase(Locale.ROOT));
    }

    void register(FromItem f) {
        if (f instanceof Table t) {
            String raw = QueryShape.clean(t.getName());
            String alias = f.getAlias() == null ? raw : QueryShape.clean(f.getAlias().getName());
            String lower = raw.toLowerCase(Locale.ROOT);
            String display;
            if (cteNames.contains(lower)) {
                display = raw;
                scope.derived.add(alias.toLowerCase(Locale.ROOT));
            } else {
                String name = schema.tableName(raw);
                if (!schema.isEmpty() && schema.table(raw).isEmpty()) unknown.add(raw);
                long same = scope.realTable.values().stream().filter(v -> v.equalsIgnoreCase(name)).count();
                display = same == 0 ? name : name + "_" + (same + 1);
                scope.realTable.put(alias.toLowerCase(Locale.ROOT), name);
                tableAliases.computeIfAbsent(name, k -> new ArrayList<>());
                if (f.getAlias() != null) tableAliases.get(name).add(alias);
                tableNames.add(lower);
            }
            if (f.getAlias() != null) aliasNames.add(alias.toLowerCase(Locale.ROOT));
            scope.aliases.put(alias.toLowerCase(Locale.ROOT), display);
            if (f.getAlias() != null) scope.aliases.putIfAbsent(lower, display);
        } else if (f instanceof ParenthesedSelect p) {
            subselect.accept(p.getSelect(), scope);
            if (p.getAlias() != null) {
                String a = QueryShape.clean(p.getAlias().getName());
                aliasNames.add(a.toLowerCase(Locale.ROOT));
                scope.aliases.put(a.toLowerCase(Locale.ROOT), a);
                scope.derived.add(a.toLowerCase(Locale.ROOT));
            }
        } else if (f instanceof ParenthesedFromItem pf) {
            register(pf.getFromItem());
            if (pf.getJoins() != null) for (Join j : pf.getJoins()) register(j.getRightItem());
        }
    }

    /** Walks an expression: resolves and rewrites its columns, recurses into subqueries. */
    void visit(Expression e, String clauseName) {
        String saved = clause;
        clause = clauseName;
        elements = new ArrayList<>();
        e.accept(new ExpressionVisitorAdapter<Void>() {
            @Override
            public <S> Void visit(Column column, S context) {
                resolve(column);
                return null;
            }

            @Override
            public <S> Void visit(Function function, S context) {
                if (function.getName() != null) {
                    List<String> parsed = function.getMultipartName();
                    respelled.push(() -> function.setName(parsed));
                    function.setName(function.getName().toUpperCase(Locale.ROOT));
                }
                return super.visit(function, context);
            }

            @Override
            public <S> Void visit(ParenthesedSelect sub, S context) {
                subquery(sub.getSelect());
                return null;
            }

            @Override
            public <S> Void visit(Select sub, S context) {
                subquery(sub instanceof ParenthesedSelect p ? p.getSelect() : sub);
                return null;
            }
        }, null);
        clause = saved;
    }

    private void subquery(Select sub) {
        List<String> keep = elements;
        String c = clause;
        subselect.accept(sub, scope);
        elements = keep;
        clause = c;
    }

    private void resolve(Column column) {
        String col = QueryShape.clean(column.getColumnName());
        String lowerCol = col.toLowerCase(Locale.ROOT);
        if (lowerCol.equals("true") || lowerCol.equals("false")) return;
        String qualifier = column.getTable() == null || column.getTable().getName() == null ? null : QueryShape.clean(column.getTable().getName());
        String table = null;
        String display = null;
        boolean derived = false;
        if (qualifier != null) {
            for (NameScope s = scope; s != null; s = s.parent) {
                String key = qualifier.toLowerCase(Locale.ROOT);
                if (s.aliases.containsKey(key)) {
                    display = s.aliases.get(key);
                    table = s.realTable.get(key);
                    derived = s.derived.contains(key);
                    break;
                }
            }
            if (display == null) {
                if (!schema.isEmpty() && schema.table(qualifier).isEmpty()) unknown.add(qualifier + "." + col);
                table = schema.tableName(qualifier);
                display = table;
            }
        } else {
            for (NameScope s = scope; s != null && display == null; s = s.parent) {
                if (s.selectAliases.contains(lowerCol) && !"select".equals(clause)) return;
                for (Map.Entry<String, String> a : s.aliases.entrySet()) {
                    String real = s.realTable.get(a.getKey());
                    if (real != null && schema.column(real, col).isPresent()) {
                        display = a.getValue();
                        table = real;
                        break;
                    }
                }
                if (display == null && schema.isEmpty() && s.realTable.size() == 1 && s == scope) {
                    String only = s.realTable.keySet().iterator().next();
                    table = s.realTable.get(only);
                    display = s.aliases.get(only);
                }
            }
            if (display == null && !schema.isEmpty()) {
                boolean anyDerived = false;
                for (NameScope s = scope; s != null; s = s.parent) anyDerived |= !s.derived.isEmpty();
                if (!anyDerived) unknown.add(col);
            }
        }
        String colName = col;
        if (table != null && !derived) {
            var known = schema.column(table, col);
            if (known.isPresent()) colName = known.get().getName();
            else if (!schema.isEmpty() && schema.table(table).isPresent()) unknown.add(table + "." + col);
        }
        columnNames.add(lowerCol);
        String owner = table == null ? (derived && display != null ? display : "") : table;
        columnClauses.computeIfAbsent(owner + '\u0000' + colName, k -> new LinkedHashSet<>()).add(clause);
        if (elements != null) elements.add(owner.isEmpty() ? colName : owner + "." + colName);
        respell(column, colName, display);
    }

    private void respell(Column column, String colName, String display) {
        String parsedName = column.getColumnName();
        Table parsedTable = column.getTable();
        respelled.push(() -> {
            column.setName(parsedName, false);
            column.setTable(parsedTable);
        });
        column.setColumnName(DialectRewriter.plainIdentifier(colName) ? colName : "\"" + colName + "\"");
        if (display != null) column.setTable(new Table(DialectRewriter.plainIdentifier(display) ? display : "\"" + display + "\""));
    }
}
