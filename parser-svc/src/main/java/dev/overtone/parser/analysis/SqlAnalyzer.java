package dev.overtone.parser.analysis;

import dev.overtone.parser.dialect.DialectRewriter;

import dev.overtone.proto.v1.SlotKind;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.WithItem;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

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
        Walk walk = new Walk(schema == null ? SchemaIndex.EMPTY : schema);
        try {
            walk.select(select, null, "", true);
        } finally {
            walk.restoreSpelling();
        }
        String template = template(canonical, walk);
        List<Analysis.TableUsage> tables = walk.tableAliases.entrySet().stream()
                .map(e -> new Analysis.TableUsage(e.getKey(), List.copyOf(e.getValue()))).toList();
        List<Analysis.ColumnUsage> columns = walk.columnClauses.entrySet().stream().map(e -> {
            int dot = e.getKey().indexOf('\u0000');
            return new Analysis.ColumnUsage(e.getKey().substring(0, dot), e.getKey().substring(dot + 1), List.copyOf(e.getValue()));
        }).toList();
        return new Analysis(tables, columns, template, List.copyOf(walk.slots), canonical, List.copyOf(walk.unknown));
    }

    private static String template(String canonical, Walk walk) {
        StringBuilder out = new StringBuilder();
        for (SqlToken t : SqlLexer.tokenize(canonical)) {
            String piece = switch (t.kind()) {
                case SPACE, COMMENT -> " ";
                case NUMBER -> "num";
                case STRING -> "str";
                case WORD, DOUBLE_QUOTED, BACKTICKED, BRACKETED -> {
                    String k = t.unquoted().toLowerCase(Locale.ROOT);
                    if (walk.tableNames.contains(k)) yield "tab";
                    if (walk.aliasNames.contains(k)) yield "alias";
                    if (walk.columnNames.contains(k)) yield "col";
                    yield t.kind() == SqlToken.Kind.WORD ? t.text().toUpperCase(Locale.ROOT) : "col";
                }
                default -> t.text();
            };
            if (piece.equals(" ") && (out.isEmpty() || out.charAt(out.length() - 1) == ' ')) continue;
            out.append(piece);
        }
        return out.toString().trim();
    }

    /** Names visible in one SELECT: alias (lower case) -> display name of what it stands for. */
    private static final class Scope {
        final Scope parent;
        final Map<String, String> aliases = new LinkedHashMap<>();
        final Map<String, String> realTable = new HashMap<>();
        final Set<String> derived = new HashSet<>();
        final Set<String> selectAliases = new HashSet<>();

        Scope(Scope parent) {
            this.parent = parent;
        }
    }

    private static final class Walk {
        final SchemaIndex schema;
        final List<Analysis.SlotValue> slots = new ArrayList<>();
        final Map<String, List<String>> tableAliases = new LinkedHashMap<>();
        final Map<String, LinkedHashSet<String>> columnClauses = new LinkedHashMap<>();
        final Set<String> unknown = new LinkedHashSet<>();
        final Set<String> tableNames = new HashSet<>();
        final Set<String> aliasNames = new HashSet<>();
        final Set<String> columnNames = new HashSet<>();
        final Set<String> cteNames = new HashSet<>();
        /** How to put back what the walk respelled, latest first. */
        final Deque<Runnable> respelled = new ArrayDeque<>();
        Scope scope;
        String clause = "select";
        List<String> elements;

        Walk(SchemaIndex schema) {
            this.schema = schema;
        }

        void restoreSpelling() {
            while (!respelled.isEmpty()) respelled.pop().run();
        }

        void select(Select s, Scope parent, String prefix, boolean slotted) {
            if (s.getWithItemsList() != null) {
                for (WithItem<?> w : s.getWithItemsList()) {
                    cteNames.add(w.getAliasName().toLowerCase(Locale.ROOT));
                    aliasNames.add(w.getAliasName().toLowerCase(Locale.ROOT));
                    if (w.getSelect() != null) select(w.getSelect(), parent, "", false);
                }
            }
            if (s instanceof PlainSelect ps) {
                plain(ps, parent, prefix, slotted);
            } else if (s instanceof SetOperationList set) {
                for (int i = 0; i < set.getSelects().size(); i++)
                    select(set.getSelects().get(i), parent, prefix + "set[" + i + "]/", slotted);
                if (slotted) {
                    String ops = set.getOperations().stream().map(o -> o.toString().toUpperCase(Locale.ROOT)).collect(Collectors.joining(" | "));
                    slot(prefix + "set_operation", SlotKind.SLOT_KIND_SET_OPERATION, ops, "combined with " + ops, List.of());
                }
                orderAndLimit(set.getOrderByElements(), set.getLimit(), null, prefix, slotted);
            } else if (s instanceof ParenthesedSelect p) {
                select(p.getSelect(), parent, prefix, slotted);
            }
        }

        void plain(PlainSelect ps, Scope parent, String prefix, boolean slotted) {
            Scope outer = scope;
            scope = new Scope(parent);
            List<FromItem> items = new ArrayList<>();
            if (ps.getFromItem() != null) items.add(ps.getFromItem());
            if (ps.getJoins() != null) for (Join j : ps.getJoins()) items.add(j.getRightItem());
            for (FromItem f : items) register(f);
            if (ps.getSelectItems() != null)
                for (SelectItem<?> item : ps.getSelectItems())
                    if (item.getAlias() != null) scope.selectAliases.add(item.getAlias().getName().replace("\"", "").toLowerCase(Locale.ROOT));

            if (slotted && ps.getDistinct() != null)
                slot(prefix + "distinct", SlotKind.SLOT_KIND_DISTINCT, "DISTINCT", "distinct rows only", List.of());
            List<SelectItem<?>> selectItems = ps.getSelectItems() == null ? List.of() : ps.getSelectItems();
            for (int i = 0; i < selectItems.size(); i++) {
                Expression e = selectItems.get(i).getExpression();
                String path = prefix + "select[" + i + "]";
                visit(e, "select");
                if (slotted) {
                    slot(path, SlotKind.SLOT_KIND_SELECT_ITEM, e.toString(), "shows " + Phrasing.expression(e), elements);
                    if (Phrasing.isAggregate(e)) {
                        String fn = ((Function) e).getName().toUpperCase(Locale.ROOT);
                        slot(path + "/aggregate", SlotKind.SLOT_KIND_AGGREGATE, fn, "aggregated as " + Phrasing.expression(e), elements);
                    }
                }
            }
            for (int i = 0; i < items.size(); i++) {
                FromItem f = items.get(i);
                if (!slotted) continue;
                String value = fromValue(f);
                List<String> el = f instanceof Table ? List.of(value) : List.of();
                if (i == 0) {
                    slot(prefix + "from[0]", SlotKind.SLOT_KIND_FROM, value, "reads " + Phrasing.words(value), el);
                } else {
                    Join j = ps.getJoins().get(i - 1);
                    String kind = joinKind(j);
                    slot(prefix + "join[" + i + "]", SlotKind.SLOT_KIND_JOIN, kind + " " + value,
                            "joins " + Phrasing.words(value), el);
                }
            }
            if (ps.getJoins() != null) {
                for (int i = 0; i < ps.getJoins().size(); i++) {
                    Join j = ps.getJoins().get(i);
                    for (Expression on : j.getOnExpressions()) {
                        visit(on, "join");
                        if (slotted) slot(prefix + "join[" + (i + 1) + "]/on", SlotKind.SLOT_KIND_JOIN, on.toString(),
                                "joined on " + Phrasing.expression(on), elements);
                    }
                    if (j.getUsingColumns() != null && !j.getUsingColumns().isEmpty() && slotted)
                        slot(prefix + "join[" + (i + 1) + "]/using", SlotKind.SLOT_KIND_JOIN,
                                j.getUsingColumns().stream().map(Column::getColumnName).collect(Collectors.joining(", ")), "joined on shared columns", List.of());
                }
            }
            if (ps.getWhere() != null) {
                if (slotted) predicateSlots(ps.getWhere(), prefix + "where", SlotKind.SLOT_KIND_WHERE, "where");
                else visit(ps.getWhere(), "where");
            }
            if (ps.getGroupBy() != null && ps.getGroupBy().getGroupByExpressionList() != null) {
                List<?> groups = ps.getGroupBy().getGroupByExpressionList();
                for (int i = 0; i < groups.size(); i++) {
                    Expression g = (Expression) groups.get(i);
                    visit(g, "group_by");
                    if (slotted) slot(prefix + "group_by[" + i + "]", SlotKind.SLOT_KIND_GROUP_BY, g.toString(),
                            "grouped by " + Phrasing.expression(g), elements);
                }
            }
            if (ps.getHaving() != null) {
                visit(ps.getHaving(), "having");
                if (slotted) slot(prefix + "having", SlotKind.SLOT_KIND_HAVING, ps.getHaving().toString(),
                        "keeping groups where " + Phrasing.expression(ps.getHaving()), elements);
            }
            orderAndLimit(ps.getOrderByElements(), ps.getLimit(), ps, prefix, slotted);
            scope = outer;
        }

        void orderAndLimit(List<OrderByElement> order, net.sf.jsqlparser.statement.select.Limit limit, PlainSelect ps, String prefix, boolean slotted) {
            if (order != null) {
                for (int i = 0; i < order.size(); i++) {
                    OrderByElement o = order.get(i);
                    if (ps != null) visit(o.getExpression(), "order_by");
                    String dir = o.isAsc() ? "ASC" : "DESC";
                    if (slotted) slot(prefix + "order_by[" + i + "]", SlotKind.SLOT_KIND_ORDER_BY, o.getExpression() + " " + dir,
                            "ordered by " + Phrasing.expression(o.getExpression()) + (o.isAsc() ? ", lowest first" : ", highest first"),
                            ps == null ? List.of() : elements);
                }
            }
            if (limit != null && slotted) {
                String v = limit.getRowCount() == null ? limit.toString().trim() : limit.getRowCount().toString();
                if (limit.getOffset() != null) v = v + " OFFSET " + limit.getOffset();
                slot(prefix + "limit", SlotKind.SLOT_KIND_LIMIT, v, "only the first " + v + " rows", List.of());
            }
        }

        void predicateSlots(Expression e, String path, SlotKind kind, String clauseName) {
            Expression x = QueryShape.unwrap(e);
            if (x instanceof AndExpression || x instanceof OrExpression) {
                boolean and = x instanceof AndExpression;
                List<Expression> parts = new ArrayList<>();
                QueryShape.flatten(x, and, parts);
                for (int i = 0; i < parts.size(); i++)
                    predicateSlots(parts.get(i), path + (and ? "/and[" : "/or[") + i + "]", kind, clauseName);
                return;
            }
            visit(x, clauseName);
            slot(path, kind, x.toString(), "where " + Phrasing.expression(x), elements);
        }

        String fromValue(FromItem f) {
            if (f instanceof Table t) return schema.tableName(QueryShape.clean(t.getName()));
            return f.toString();
        }

        static String joinKind(Join j) {
            if (j.isSimple()) return "JOIN";
            if (j.isLeft()) return "LEFT JOIN";
            if (j.isRight()) return "RIGHT JOIN";
            if (j.isFull()) return "FULL JOIN";
            if (j.isCross()) return "CROSS JOIN";
            if (j.isNatural()) return "NATURAL JOIN";
            return "JOIN";
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
                select(p.getSelect(), scope, "", false);
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

        void slot(String path, SlotKind kind, String value, String label, List<String> el) {
            slots.add(new Analysis.SlotValue(path, kind, value, label, el == null ? List.of() : List.copyOf(el)));
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

        void subquery(Select sub) {
            List<String> keep = elements;
            String c = clause;
            select(sub, scope, "", false);
            elements = keep;
            clause = c;
        }

        void resolve(Column column) {
            String col = QueryShape.clean(column.getColumnName());
            String lowerCol = col.toLowerCase(Locale.ROOT);
            if (lowerCol.equals("true") || lowerCol.equals("false")) return;
            String qualifier = column.getTable() == null || column.getTable().getName() == null ? null : QueryShape.clean(column.getTable().getName());
            String table = null;
            String display = null;
            boolean derived = false;
            if (qualifier != null) {
                for (Scope s = scope; s != null; s = s.parent) {
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
                for (Scope s = scope; s != null && display == null; s = s.parent) {
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
                    for (Scope s = scope; s != null; s = s.parent) anyDerived |= !s.derived.isEmpty();
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
}
