package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.QueryShape;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A query shown by name: each SELECT showing only the name column of its main table, when it showed more
 * ("show X and Y ..." lists rows). Worked out by reading a parse, and printed by changing its select lists
 * only while printing, so the request's shared parse serves and nothing is parsed again.
 */
final class NameProjection {

    private final Select root;
    /** Each SELECT of the query that changes, with the one item it shows by name. */
    private final List<PlainSelect> changed;
    private final List<SelectItem<?>> shown;

    private NameProjection(Select root, List<PlainSelect> changed, List<SelectItem<?>> shown) {
        this.root = root;
        this.changed = changed;
        this.shown = shown;
    }

    /** The projection of {@code root}, which is only read; empty when a SELECT shows no name column or every one shows it alone. */
    static Optional<NameProjection> of(VariantContext ctx, Select root) {
        List<PlainSelect> parts = new ArrayList<>();
        if (root instanceof SetOperationList set) set.getSelects().forEach(x -> parts.add(QueryShape.plain(x)));
        else parts.add(QueryShape.plain(root));
        List<PlainSelect> changed = new ArrayList<>();
        List<SelectItem<?>> shown = new ArrayList<>();
        for (PlainSelect ps : parts) {
            if (ps == null || ps.getSelectItems() == null) return Optional.empty();
            QueryShape shape = new QueryShape(ps, ctx.schema);
            Column keep = null;
            for (var item : ps.getSelectItems()) {
                if (item.getExpression() instanceof Column c && shape.owner(c) != null) {
                    String nameCol = ctx.nameColumn(shape.owner(c)).orElse(null);
                    if (keep == null && nameCol != null && nameCol.equalsIgnoreCase(QueryShape.clean(c.getColumnName()))) keep = c;
                }
            }
            boolean star = ps.getSelectItems().size() == 1 && ps.getSelectItems().get(0).getExpression() instanceof AllColumns;
            if (star && ps.getFromItem() instanceof Table t) {
                String nameCol = ctx.nameColumn(ctx.schema.tableName(QueryShape.clean(t.getName()))).orElse(null);
                if (nameCol == null) return Optional.empty();
                keep = new Column(t.getAlias() != null ? new Table(t.getAlias().getName()) : null, QueryShape.quote(nameCol));
            }
            if (keep == null) return Optional.empty();
            if (ps.getSelectItems().size() == 1 && !star) continue;
            changed.add(ps);
            shown.add(SelectItem.from(keep));
        }
        return changed.isEmpty() ? Optional.empty() : Optional.of(new NameProjection(root, changed, shown));
    }

    /** The query as shown by name. The parse is as it was afterwards (one thread reads it at a time). */
    String printed() {
        List<List<SelectItem<?>>> before = new ArrayList<>();
        try {
            for (int i = 0; i < changed.size(); i++) {
                before.add(changed.get(i).getSelectItems());
                changed.get(i).setSelectItems(new ArrayList<>(List.of(shown.get(i))));
            }
            return root.toString();
        } finally {
            for (int i = 0; i < before.size(); i++) changed.get(i).setSelectItems(before.get(i));
        }
    }
}
