package dev.overtone.parser.analysis;

import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Table;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.PlainSelect;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Join: a vertical partition. When a table B extends a table A one-to-one (B's primary key is a
 * foreign key to A's) and B also holds a column the query reads from A under the same name, the
 * query is proposed reading it from B through the join.
 */
final class JoinFamily implements VariantFamily {

    @Override
    public String name() {
        return Variant.JOIN;
    }

    record Extension(String base, String baseKey, String extension, String extensionKey) {
    }

    static List<Extension> extensions(SchemaIndex schema) {
        List<Extension> out = new ArrayList<>();
        for (Table b : schema.tables()) {
            if (b.getPrimaryKeyCount() != 1) continue;
            for (ForeignKey fk : b.getForeignKeysList()) {
                if (fk.getColumnsCount() == 1 && fk.getColumns(0).equalsIgnoreCase(b.getPrimaryKey(0))
                        && !fk.getReferencedTable().equalsIgnoreCase(b.getName()) && schema.table(fk.getReferencedTable()).isPresent()) {
                    String ref = fk.getReferencedColumnsCount() == 1 ? fk.getReferencedColumns(0) : b.getPrimaryKey(0);
                    out.add(new Extension(schema.tableName(fk.getReferencedTable()), ref, b.getName(), b.getPrimaryKey(0)));
                }
            }
        }
        return out;
    }

    @Override
    public List<Variant> propose(VariantContext ctx) {
        List<Variant> out = new ArrayList<>();
        if (ctx.schema.isEmpty()) return out;
        Set<String> used = ctx.usedTables();
        for (Extension e : extensions(ctx.schema)) {
            if (!used.contains(e.base().toLowerCase(Locale.ROOT)) || used.contains(e.extension().toLowerCase(Locale.ROOT))) continue;
            PlainSelect ps = QueryShape.plain(ctx.fresh());
            if (ps == null) continue;
            QueryShape shape = new QueryShape(ps, ctx.schema);
            List<String> moved = new ArrayList<>();
            shape.forEachColumn(c -> {
                String col = QueryShape.clean(c.getColumnName());
                if (e.base().equals(shape.owner(c)) && !ctx.schema.isKey(e.base(), col) && ctx.schema.column(e.extension(), col).isPresent()) {
                    c.setTable(new net.sf.jsqlparser.schema.Table(QueryShape.quote(e.extension())));
                    moved.add(col);
                }
            });
            if (moved.isEmpty()) continue;
            String baseRef = baseReference(ps, e.base());
            Join join = new Join();
            join.setRightItem(new net.sf.jsqlparser.schema.Table(QueryShape.quote(e.extension())));
            join.addOnExpression(new EqualsTo(new net.sf.jsqlparser.schema.Column(new net.sf.jsqlparser.schema.Table(baseRef), QueryShape.quote(e.baseKey())),
                    new net.sf.jsqlparser.schema.Column(new net.sf.jsqlparser.schema.Table(QueryShape.quote(e.extension())), QueryShape.quote(e.extensionKey()))));
            List<Join> joins = ps.getJoins() == null ? new ArrayList<>() : new ArrayList<>(ps.getJoins());
            joins.add(join);
            ps.setJoins(joins);
            double score = 0.35 + 0.4 * ctx.cue(e.extension());
            out.add(new Variant(ps.toString(), Variant.JOIN, "join[" + joins.size() + "]",
                    "the " + Phrasing.words(String.join(", ", new HashSet<>(moved))) + " as recorded in " + Phrasing.words(e.extension()), score));
        }
        return out;
    }

    static String baseReference(PlainSelect ps, String table) {
        List<net.sf.jsqlparser.statement.select.FromItem> items = new ArrayList<>();
        items.add(ps.getFromItem());
        if (ps.getJoins() != null) ps.getJoins().forEach(j -> items.add(j.getRightItem()));
        for (var f : items)
            if (f instanceof net.sf.jsqlparser.schema.Table t && QueryShape.clean(t.getName()).equalsIgnoreCase(table))
                return f.getAlias() != null ? f.getAlias().getName() : t.getName();
        return QueryShape.quote(table);
    }
}
