package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.Analysis;
import dev.overtone.parser.analysis.Phrasing;
import dev.overtone.parser.analysis.QueryShape;
import dev.overtone.parser.analysis.SchemaIndex;

import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Table;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Scope: "the X of each/every/all Y" over a many-to-many relation. For a junction table (two
 * foreign keys to two tables) linking the items the query shows to another entity, it proposes the
 * distributive reading (one row per entity and item) and the collective one (the items common to
 * all entities). Silent when the question has no quantifier.
 */
final class ScopeFamily implements VariantFamily {

    private static final String[] QUANTIFIERS = {"each", "every", "all", "any", "common", "everyone", "both", "per"};

    /** The quantified noun must name the entity table ("each startup" -> startups). */
    static final double MIN_ENTITY_CUE = 0.5;

    /** A junction: table J with a key to item table I and a key to entity table E. */
    record Junction(String table, String itemKey, String itemTable, String itemRef, String entityKey, String entityTable, String entityRef) {
    }

    @Override
    public List<Variant> propose(VariantContext ctx) {
        List<Variant> out = new ArrayList<>();
        if (!ctx.questionHasWord(QUANTIFIERS) || ctx.schema.isEmpty()) return out;
        Set<String> used = ctx.usedTables();
        List<String> selected = selectedColumns(ctx);
        for (Junction j : junctions(ctx.schema)) {
            boolean touches = used.contains(j.table().toLowerCase(Locale.ROOT)) || used.contains(j.itemTable().toLowerCase(Locale.ROOT));
            if (!touches) continue;
            List<String> items = new ArrayList<>();
            for (String tc : selected) {
                int dot = tc.indexOf('.');
                if (dot > 0 && tc.substring(0, dot).equalsIgnoreCase(j.itemTable())) items.add(tc.substring(dot + 1));
            }
            if (items.isEmpty()) {
                if (!used.contains(j.itemTable().toLowerCase(Locale.ROOT))) continue;
                ctx.nameColumn(j.itemTable()).ifPresent(items::add);
            }
            if (items.isEmpty()) continue;
            double entityCue = ctx.cue(j.entityTable());
            if (entityCue < MIN_ENTITY_CUE) continue;
            double itemCue = ctx.cue(j.itemTable());
            double score = 0.45 + 0.4 * entityCue + 0.1 * itemCue;
            String from = " FROM " + q(j.table()) + " JOIN " + q(j.itemTable()) + " ON " + col(j.table(), j.itemKey()) + " = " + col(j.itemTable(), j.itemRef())
                    + " JOIN " + q(j.entityTable()) + " ON " + col(j.table(), j.entityKey()) + " = " + col(j.entityTable(), j.entityRef());
            String itemList = String.join(", ", items.stream().map(c -> col(j.itemTable(), c)).toList());
            String collective = "SELECT " + itemList + from + " GROUP BY " + col(j.table(), j.itemKey())
                    + " HAVING COUNT(DISTINCT " + col(j.table(), j.entityKey()) + ") = (SELECT COUNT(*) FROM " + q(j.entityTable()) + ")";
            out.add(new Variant(collective, Variant.SCOPE, "group_by[0]",
                    "the " + Phrasing.words(j.itemTable()) + " common to all " + Phrasing.words(j.entityTable()), score));
            String entityName = ctx.nameColumn(j.entityTable()).orElse(j.entityRef());
            String distributive = "SELECT " + col(j.entityTable(), entityName) + ", " + itemList + from;
            out.add(new Variant(distributive, Variant.SCOPE, "select[0]",
                    "the " + Phrasing.words(j.itemTable()) + " of each " + Phrasing.words(j.entityTable()) + " separately", score * 0.95));
        }
        return out;
    }

    private static final Pattern SELECT_ITEM_PATH = Pattern.compile("(set\\[0\\]/)?select\\[\\d+\\]");

    private static List<String> selectedColumns(VariantContext ctx) {
        List<String> out = new ArrayList<>();
        for (Analysis.SlotValue s : ctx.base.slots())
            if (SELECT_ITEM_PATH.matcher(s.path()).matches()) out.addAll(s.schemaElements());
        return out;
    }

    static List<Junction> junctions(SchemaIndex schema) {
        List<Junction> out = new ArrayList<>();
        for (Table t : schema.tables()) {
            List<ForeignKey> fks = t.getForeignKeysList().stream().filter(fk -> fk.getColumnsCount() == 1
                    && schema.table(fk.getReferencedTable()).isPresent() && !fk.getReferencedTable().equalsIgnoreCase(t.getName())).toList();
            for (ForeignKey a : fks) {
                for (ForeignKey b : fks) {
                    if (a == b || a.getReferencedTable().equalsIgnoreCase(b.getReferencedTable())) continue;
                    String itemTable = schema.tableName(a.getReferencedTable());
                    String entityTable = schema.tableName(b.getReferencedTable());
                    out.add(new Junction(t.getName(), a.getColumns(0), itemTable, ref(schema, itemTable, a), b.getColumns(0), entityTable, ref(schema, entityTable, b)));
                }
            }
        }
        return out;
    }

    private static String ref(SchemaIndex schema, String table, ForeignKey fk) {
        if (fk.getReferencedColumnsCount() == 1 && !fk.getReferencedColumns(0).isEmpty()) return fk.getReferencedColumns(0);
        return schema.table(table).filter(t -> t.getPrimaryKeyCount() == 1).map(t -> t.getPrimaryKey(0)).orElse("id");
    }

    static String q(String name) {
        return QueryShape.quote(name);
    }

    static String col(String table, String column) {
        return q(table) + "." + q(column);
    }
}
