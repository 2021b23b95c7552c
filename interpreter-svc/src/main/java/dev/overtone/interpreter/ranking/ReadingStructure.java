package dev.overtone.interpreter.ranking;

import dev.overtone.proto.v1.ColumnUse;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.SlotKind;
import dev.overtone.proto.v1.SqlAnalysis;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What the ranking reads off a reading's SQL, taken from parser-svc's analysis of it (its slots) rather than from
 * the text, so that the ranking and the parser read a query the same way.
 *
 * <p>A reading that nothing analysed (parser-svc down or over its budget, or a SQL text its parser cannot read)
 * has {@link #UNANALYSED}: no names, no literals, no joins, breadth {@link ConditionBreadth#NONE} and no parts, so
 * its grounding features are 0 and only its agreement and execution evidence rank it.
 *
 * @param names    the names it uses (tables and columns, lower case): the analysis' tables and columns, subqueries
 *                 included, and its slots' schema elements ({@code table.column} or {@code table}); the extractor keeps
 *                 those the schema has
 * @param literals the string literals its slots compare with, in slot order, one per occurrence
 * @param joins    the tables it joins: its {@code join[i]} slots (a comma join is one too)
 * @param breadth  how far its conditions reach over coordinated parts ({@link ConditionBreadth})
 * @param parts    its slots' canonical values: what two readings share when they differ in a detail only
 * @param projected the columns (lower case) its select items use, from their slots' schema elements; empty for a query
 *                  with a set operation ({@code UNION} ...), whose branches' columns are put into one by position
 */
public record ReadingStructure(Set<String> names, List<String> literals, int joins, ConditionBreadth breadth,
                               Set<String> parts, Set<String> projected) {

    public static final ReadingStructure UNANALYSED = new ReadingStructure(Set.of(), List.of(), 0, ConditionBreadth.NONE,
            Set.of(), Set.of());

    /** @param analysis the reading's analysis, or null when nothing analysed it */
    public static ReadingStructure of(SqlAnalysis analysis) {
        if (analysis == null || analysis.getSlotsCount() == 0) {
            return UNANALYSED;
        }
        Set<String> names = new LinkedHashSet<>();
        List<String> literals = new ArrayList<>();
        Set<String> parts = new LinkedHashSet<>();
        Set<String> projected = new LinkedHashSet<>();
        boolean setOperation = false;
        int joins = 0;
        analysis.getTablesList().forEach(t -> names.add(t.getName().toLowerCase(Locale.ROOT)));
        for (ColumnUse c : analysis.getColumnsList()) {
            names.add(c.getTable().toLowerCase(Locale.ROOT));
            names.add(c.getColumn().toLowerCase(Locale.ROOT));
        }
        for (Slot s : analysis.getSlotsList()) {
            for (String element : s.getSchemaElementsList()) {
                for (String name : element.split("\\.")) {
                    names.add(name.toLowerCase(Locale.ROOT));
                }
            }
            literals.addAll(stringLiterals(s.getValue()));
            parts.add(s.getValue());
            if (s.getKind() == SlotKind.SLOT_KIND_JOIN && lastStep(s.getPath()).startsWith("join[")) {
                joins++;
            }
            setOperation |= s.getKind() == SlotKind.SLOT_KIND_SET_OPERATION;
            if (s.getKind() == SlotKind.SLOT_KIND_SELECT_ITEM) {
                for (String element : s.getSchemaElementsList()) {
                    int dot = element.lastIndexOf('.');
                    if (dot >= 0) {
                        projected.add(element.substring(dot + 1).toLowerCase(Locale.ROOT));
                    }
                }
            }
        }
        return new ReadingStructure(Set.copyOf(names), List.copyOf(literals), joins,
                ConditionBreadth.of(analysis.getSlotsList()), Set.copyOf(parts), setOperation ? Set.of() : Set.copyOf(projected));
    }

    /** The last step of a slot path: {@code set[1]/join[2]} gives {@code join[2]}, {@code join[2]/on} gives {@code on}. */
    static String lastStep(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /**
     * The string literals in a slot's canonical value. The analysis names no literals of its own, and its values are
     * printed by one printer: a string as {@code '...'} with {@code ''} for a quote, names never in single quotes.
     */
    static List<String> stringLiterals(String value) {
        List<String> out = new ArrayList<>();
        int i = value.indexOf('\'');
        while (i >= 0) {
            StringBuilder literal = new StringBuilder();
            int j = i + 1;
            while (j < value.length()) {
                char c = value.charAt(j);
                if (c == '\'' && j + 1 < value.length() && value.charAt(j + 1) == '\'') {
                    literal.append('\'');
                    j += 2;
                } else if (c == '\'') {
                    break;
                } else {
                    literal.append(c);
                    j++;
                }
            }
            if (j >= value.length()) {
                break;
            }
            out.add(literal.toString());
            i = value.indexOf('\'', j + 1);
        }
        return out;
    }
}
