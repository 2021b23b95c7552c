package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.SandboxException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.TableFunction;
import net.sf.jsqlparser.statement.select.WithItem;

/**
 * A fail-closed walk of a parsed statement: every field of every node is visited (so no clause,
 * argument, ORDER BY, FILTER, frame or escape can be skipped), and a parser node of a class not in
 * {@code sandbox/jsqlparser-nodes.txt} refuses the statement. It reads fields rather than calling a
 * visitor because a visitor visits what its author thought of; the fields are what the parser kept.
 * The walk is iterative: a deep tree cannot overflow the stack. A native image gets the fields of exactly
 * these classes from {@code META-INF/native-image/dev.overtone/executor-svc/reflect-config.json}
 * (NativeReflectionConfigTest keeps the two lists equal).
 */
final class TreeWalk {
    private static final String PARSER_PACKAGE = "net.sf.jsqlparser.";
    private static final Set<String> KNOWN_NODES = FunctionAllowList.lines("sandbox/jsqlparser-nodes.txt");
    /** Parser bookkeeping (the grammar's own nodes and tokens), not part of the statement. */
    private static final String GRAMMAR_PACKAGE = "net.sf.jsqlparser.parser.";
    private static final Set<String> WRITING = Set.of("Insert", "Update", "Delete", "Merge", "Upsert",
            "ParenthesedInsert", "ParenthesedUpdate", "ParenthesedDelete");
    private static final ClassValue<List<Field>> FIELDS = new ClassValue<>() {
        @Override
        protected List<Field> computeValue(Class<?> type) {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    if (!Modifier.isStatic(field.getModifiers()) && !field.isSynthetic()) {
                        field.setAccessible(true);
                        fields.add(field);
                    }
                }
            }
            return List.copyOf(fields);
        }
    };

    final List<Table> tables = new ArrayList<>();
    /** Qualifiers of column names ({@code h.name}): names of a FROM item or alias, judged there, not tables. */
    private final Set<Object> columnQualifiers = Collections.newSetFromMap(new IdentityHashMap<>());
    final List<String> functions = new ArrayList<>();
    final List<PlainSelect> plainSelects = new ArrayList<>();
    final List<WithItem<?>> withItems = new ArrayList<>();
    private final int maxNodes;

    private TreeWalk(int maxNodes) {
        this.maxNodes = maxNodes;
    }

    /**
     * A build that hides the parser's fields (a native image without META-INF/native-image/.../reflect-config.json)
     * would walk nothing and find nothing to refuse: then every statement is refused instead.
     */
    private static final boolean FIELDS_VISIBLE = !FIELDS.get(PlainSelect.class).isEmpty();

    static TreeWalk of(Object statement, int maxNodes) {
        if (!FIELDS_VISIBLE) {
            throw unsupported();
        }
        TreeWalk walk = new TreeWalk(maxNodes);
        walk.walk(statement);
        return walk;
    }

    private void walk(Object root) {
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Object> pending = new ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty()) {
            Object node = pending.pop();
            if (node == null || isLeaf(node) || !seen.add(node)) {
                continue;
            }
            if (seen.size() > maxNodes) {
                throw SandboxException.denied("too-complex", "the statement has more than " + maxNodes
                        + " parts to check; split it");
            }
            if (node instanceof Collection<?> collection) {
                collection.forEach(element -> push(pending, element));
            } else if (node instanceof Map<?, ?> map) {
                map.forEach((k, v) -> {
                    push(pending, k);
                    push(pending, v);
                });
            } else if (node instanceof Object[] array) {
                for (Object element : array) {
                    push(pending, element);
                }
            } else if (node instanceof Optional<?> optional) {
                optional.ifPresent(value -> push(pending, value));
            } else {
                visitNode(node, pending);
            }
        }
    }

    private void visitNode(Object node, Deque<Object> pending) {
        Class<?> type = node.getClass();
        String name = type.getName();
        if (!name.startsWith(PARSER_PACKAGE)) {
            throw unsupported();
        }
        if (name.startsWith(GRAMMAR_PACKAGE)) {
            return;
        }
        if (WRITING.contains(type.getSimpleName())) {
            throw SandboxException.denied("writable-cte", "a CTE or sub-statement inserts, updates or deletes;"
                    + " make every CTE a SELECT");
        }
        if (!KNOWN_NODES.contains(name.substring(PARSER_PACKAGE.length()))) {
            throw unsupported();
        }
        record(node);
        for (Field field : FIELDS.get(type)) {
            if (field.getType().getName().startsWith(GRAMMAR_PACKAGE)) {
                continue;
            }
            try {
                push(pending, field.get(node));
            } catch (IllegalAccessException e) {
                throw unsupported();
            }
        }
    }

    private static void push(Deque<Object> pending, Object value) {
        if (value != null) {
            pending.push(value);
        }
    }

    private void record(Object node) {
        if (node instanceof TableFunction) {
            return; // a FROM item around a Function: the Function is a field of it, recorded in its turn
        }
        if (node instanceof Function function) {
            List<String> parts = function.getMultipartName();
            functions.add(unquote(parts == null || parts.isEmpty() ? function.getName() : parts.get(parts.size() - 1)));
        } else if (node instanceof AnalyticExpression analytic) {
            functions.add(unquote(analytic.getName()));
        } else if (node instanceof Column column && column.getTable() != null) {
            columnQualifiers.add(column.getTable());
        } else if (node instanceof Table table && !columnQualifiers.contains(table)) {
            tables.add(table);
        } else if (node instanceof PlainSelect plain) {
            plainSelects.add(plain);
        } else if (node instanceof WithItem<?> item) {
            withItems.add(item);
        }
    }

    private static boolean isLeaf(Object value) {
        return value instanceof CharSequence || value instanceof Number || value instanceof Boolean
                || value instanceof Character || value instanceof Enum<?> || value instanceof Class<?>
                || value instanceof java.time.temporal.TemporalAccessor || value instanceof java.util.regex.Pattern;
    }

    private static SandboxException unsupported() {
        return SandboxException.denied("unsupported-construct", "the statement uses a construct the sandbox cannot"
                + " inspect completely; write it with plain SELECT syntax");
    }

    static String unquote(String name) {
        if (name == null) {
            return "";
        }
        String n = name.trim();
        if (n.length() >= 2 && (n.charAt(0) == '"' || n.charAt(0) == '`' || n.charAt(0) == '[')) {
            n = n.substring(1, n.length() - 1);
        }
        return n.toLowerCase(java.util.Locale.ROOT);
    }
}
