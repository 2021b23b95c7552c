package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.QueryShape;

import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperationList;

import java.util.ArrayList;
import java.util.List;

/**
 * Attachment: where does a shared condition attach when alternatives are listed ("A and B with C")?
 * Each bracketing of mixed AND/OR is proposed; IN-lists are expanded into alternatives; in a UNION
 * a condition shared by every branch is also tried on the last branch only.
 */
final class AttachmentFamily implements VariantFamily {

    /** A proposal and the tree it was printed from (a rewritten parse, never shared, shown by name from it too). */
    private record Rewritten(Variant variant, Select root) {
    }

    @Override
    public List<Variant> propose(VariantContext ctx) {
        List<Rewritten> out = new ArrayList<>();
        double cue = ctx.questionHasWord("and", "or") ? 0.7 : 0.35;
        Select probe = ctx.probe();
        if (probe instanceof SetOperationList set) {
            for (int i = 0; i < set.getSelects().size(); i++) whereBracketings(ctx, i, "set[" + i + "]/where", cue, out);
            sharedConditionInUnion(ctx, cue, out);
        } else {
            whereBracketings(ctx, -1, "where", cue, out);
        }
        // a combination of parts (UNION) lists rows even when no condition is re-attached
        if (out.isEmpty() && !(probe instanceof SetOperationList)) return List.of();
        List<Variant> proposed = new ArrayList<>(out.stream().map(Rewritten::variant).toList());
        // "show X and Y ..." lists rows: each reading also as the rows' names alone
        NameProjection.of(ctx, probe).map(NameProjection::printed).ifPresent(sql -> proposed.add(new Variant(sql, Variant.ATTACHMENT, "select[0]",
                "the same rows, shown by name", cue * 0.8)));
        for (Rewritten r : out) {
            Variant v = r.variant();
            NameProjection.of(ctx, r.root()).map(NameProjection::printed).ifPresent(sql -> proposed.add(new Variant(sql, v.family(), v.slotPath(),
                    v.description() + ", shown by name", v.score() * 0.9)));
        }
        return proposed;
    }

    private static PlainSelect branch(Select s, int i) {
        if (i < 0) return QueryShape.plain(s);
        return s instanceof SetOperationList set ? QueryShape.plain(set.getSelects().get(i)) : null;
    }

    private void whereBracketings(VariantContext ctx, int branch, String path, double cue, List<Rewritten> out) {
        PlainSelect look = branch(ctx.probe(), branch);
        if (look == null || look.getWhere() == null) return;
        List<Expression> conj = new ArrayList<>();
        QueryShape.flatten(look.getWhere(), true, conj);
        for (int k = 0; k < conj.size() && conj.size() > 1; k++) {
            List<Expression> alternatives = alternatives(conj.get(k));
            if (alternatives.size() < 2 || alternatives.size() > 4) continue;
            int kk = k;
            // the shared condition attached to the last alternative only ("A, or B with C")
            out.add(rewrite(ctx, branch, path, cue, "the condition applies only to the last of the listed alternatives",
                    (alts, rest) -> orOf(alts.subList(0, alts.size() - 1), List.of(and(alts.get(alts.size() - 1), rest))), kk));
            // ... or to the first alternative only ("A with C, or B")
            out.add(rewrite(ctx, branch, path, cue * 0.6, "the condition applies only to the first of the listed alternatives",
                    (alts, rest) -> orOf(List.of(and(alts.get(0), rest)), alts.subList(1, alts.size())), kk));
            // every alternative with the condition, written out (differs from the default when it used other bracketing)
            out.add(rewrite(ctx, branch, path, cue * 0.5, "the condition applies to every listed alternative",
                    (alts, rest) -> and(new ParenthesedExpressionList<>(orOf(alts, List.of())), rest), kk));
        }
        // a top-level OR whose last branch carries the shared condition: try it on every branch
        if (lastDisjunctIsAnd(look)) {
            PlainSelect ps = branch(ctx.fresh(), branch);
            List<Expression> disj = new ArrayList<>();
            QueryShape.flatten(ps.getWhere(), false, disj);
            AndExpression lastAnd = (AndExpression) QueryShape.unwrap(disj.get(disj.size() - 1));
            List<Expression> lastConj = new ArrayList<>();
            QueryShape.flatten(lastAnd, true, lastConj);
            Expression head = lastConj.get(0);
            List<Expression> alts = new ArrayList<>(disj.subList(0, disj.size() - 1));
            alts.add(head);
            Expression rest = andOf(lastConj.subList(1, lastConj.size()));
            ps.setWhere(and(new ParenthesedExpressionList<>(orOf(alts, List.of())), rest));
            Select root = rootOf(ps, ctx, branch);
            out.add(new Rewritten(new Variant(root.toString(), Variant.ATTACHMENT, path,
                    "the condition applies to every listed alternative", cue), root));
        }
    }

    /** A WHERE that is an OR of two or more parts, the last of them an AND. */
    private static boolean lastDisjunctIsAnd(PlainSelect ps) {
        List<Expression> disj = new ArrayList<>();
        QueryShape.flatten(ps.getWhere(), false, disj);
        return disj.size() >= 2 && QueryShape.unwrap(disj.get(disj.size() - 1)) instanceof AndExpression;
    }

    /** The whole statement after a branch was changed in place. */
    private Select rootOf(PlainSelect changed, VariantContext ctx, int branch) {
        if (branch < 0) return changed;
        Select root = ctx.fresh();
        ((SetOperationList) root).getSelects().set(branch, changed);
        return root;
    }

    private interface Bracketing {
        Expression apply(List<Expression> alternatives, Expression rest);
    }

    private Rewritten rewrite(VariantContext ctx, int branch, String path, double score, String description, Bracketing b, int k) {
        Select root = ctx.fresh();
        PlainSelect ps = branch(root, branch);
        List<Expression> conj = new ArrayList<>();
        QueryShape.flatten(ps.getWhere(), true, conj);
        List<Expression> alts = alternatives(conj.get(k));
        List<Expression> others = new ArrayList<>(conj);
        others.remove(k);
        ps.setWhere(b.apply(alts, andOf(others)));
        return new Rewritten(new Variant(root.toString(), Variant.ATTACHMENT, path + "/and[" + k + "]", description, score), root);
    }

    /** The alternatives a conjunct lists: the branches of an OR, or the values of an IN-list. */
    static List<Expression> alternatives(Expression e) {
        Expression x = QueryShape.unwrap(e);
        List<Expression> out = new ArrayList<>();
        if (x instanceof OrExpression) {
            QueryShape.flatten(x, false, out);
        } else if (x instanceof InExpression in && !in.isNot() && in.getRightExpression() instanceof ExpressionList<?> list) {
            for (Object v : list) out.add(new EqualsTo(in.getLeftExpression(), (Expression) v));
        }
        return out;
    }

    static Expression and(Expression a, Expression b) {
        return new AndExpression(paren(a), paren(b));
    }

    private static Expression paren(Expression e) {
        return e instanceof OrExpression ? new ParenthesedExpressionList<>(e) : e;
    }

    static Expression andOf(List<Expression> parts) {
        Expression acc = parts.get(0);
        for (int i = 1; i < parts.size(); i++) acc = and(acc, parts.get(i));
        return acc;
    }

    static Expression orOf(List<Expression> first, List<Expression> more) {
        List<Expression> all = new ArrayList<>(first);
        all.addAll(more);
        Expression acc = all.get(0);
        for (int i = 1; i < all.size(); i++) acc = new OrExpression(acc, all.get(i));
        return acc;
    }

    private void sharedConditionInUnion(VariantContext ctx, double cue, List<Rewritten> out) {
        List<String> shared = sharedConditions(ctx.probe());
        if (shared.isEmpty()) return;
        SetOperationList set = (SetOperationList) ctx.fresh();
        List<List<Expression>> branches = conjunctsPerBranch(set);
        for (int i = 0; i < set.getSelects().size() - 1; i++) {
            PlainSelect ps = QueryShape.plain(set.getSelects().get(i));
            List<Expression> keep = branches.get(i).stream().filter(e -> !shared.contains(e.toString())).toList();
            ps.setWhere(keep.isEmpty() ? null : andOf(keep));
        }
        out.add(new Rewritten(new Variant(set.toString(), Variant.ATTACHMENT, "set_operation",
                "the shared condition applies only to the last combined part", cue), set));
    }

    /** The conditions (as printed) that every branch of a combination of two or more parts has among its ANDed ones. */
    private static List<String> sharedConditions(Select root) {
        if (!(root instanceof SetOperationList set) || set.getSelects().size() < 2) return List.of();
        List<List<Expression>> branches = conjunctsPerBranch(set);
        if (branches == null) return List.of();
        return branches.get(0).stream().map(Object::toString)
                .filter(s -> branches.stream().allMatch(b -> b.stream().anyMatch(e -> e.toString().equals(s)))).toList();
    }

    /** Each branch's WHERE as its ANDed parts; null when a branch is no plain SELECT or has no WHERE. */
    private static List<List<Expression>> conjunctsPerBranch(SetOperationList set) {
        List<List<Expression>> branches = new ArrayList<>();
        for (Select s : set.getSelects()) {
            PlainSelect ps = QueryShape.plain(s);
            if (ps == null || ps.getWhere() == null) return null;
            List<Expression> conj = new ArrayList<>();
            QueryShape.flatten(ps.getWhere(), true, conj);
            branches.add(conj);
        }
        return branches;
    }
}
