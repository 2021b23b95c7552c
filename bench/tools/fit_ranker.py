#!/usr/bin/env python3
"""Fits interpreter-svc's ranking constants on half of a coverage run and checks them on the other half.

Input: the examples.jsonl of `bin/overtone bench coverage` (it carries, per example, every reading in
answer order with its `evidence` - the named features interpreter-svc computed - and the golds it
matches). Python 3 standard library only.

Split: by database (the bench's database name, a hash of the dump): sha1(name) even -> the FIT half,
odd -> the CHECK half, so no database is seen on both sides.

Procedure (everything fitted on the FIT half only):
  1. reading model: L2-regularised logistic regression of "this reading matches a gold" on the
     features (batch gradient descent), -> READING_BIAS, READING_WEIGHTS;
  2. DIVERSITY_PENALTY: grid search of the greedy re-ranking (score minus penalty x the highest Jaccard
     similarity of SQL content words to a reading ranked above), maximising full coverage of the first
     5 (ambiguous) + top-1 correct (unambiguous);
  2b. PROBABILITY_SHARPNESS: the probabilities are sigmoid(penalised score) ** sharpness, normalised; grid search
     maximising the mean, over (example, gold) pairs - each gold in turn the intent, as in the clarify
     bench - of the log probability the ranking gives the readings that match that gold (pairs where
     some reading does): the calibration of P(reading is the one meant), which clarify-svc takes as its
     prior. Reported on both halves as `intent_log_prob` and `intent_mass`;
  3. verdict: logistic regression of "the question is ambiguous" on VERDICT_FEATURES (top confidence,
     second confidence, distinct default results - 1, question pivot terms, ln(readings), question
     words / 10, question scope markers), threshold maximising balanced accuracy (Youden's J: the classes are 30/70);
  4. SHOW_MIN_CONFIDENCE: grid search maximising full coverage of the shown readings minus
     SHOWN_COST per reading shown, with MAX_SHOWN fixed.
Then it prints the constants (paste them into RankingWeights.java) and the figures on both halves:
the run's own order ("as run") and the refitted one.

Both logistic regressions standardise the features while fitting and report weights on the raw scale.
Evidence an older run did not return (the *_gap features and result_columns_over_narrowest; with --data
question_words, condition_breadth, breadth_cue_fit and question_scope_markers) is derived as interpreter-svc
derives it; label_shown needs the result's column names, which examples.jsonl lacks, so an older run has it 0.

Usage: fit_ranker.py EXAMPLES.jsonl [--data DEV.jsonl] [--json-out FILE]
"""

import argparse
import hashlib
import json
import math
import re
import sys

FEATURES = ["default_share", "default_share_gap", "infill_only", "infill_model", "routes_log", "empty_result", "null_result",
            "repeated_rows", "name_grounding", "name_grounding_gap", "term_coverage", "term_coverage_gap", "literal_grounding",
            "names_used", "joins", "result_columns", "result_columns_over_narrowest", "label_shown", "question_pivots", "question_words", "condition_breadth",
            "breadth_cue_fit"]
VERDICT_FEATURES = ["top_confidence", "second_confidence", "default_split", "pivots", "readings_log", "question_words",
                    "scope_markers"]
L2 = 0.01            # regularisation of both logistic regressions
STEPS = 3000         # gradient steps
RATE = 0.5           # step size
MAX_SHOWN = 4
SHOWN_COST = 0.05    # full coverage points (0..1) one more shown reading must buy
PENALTIES = [0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0]
SHARPNESS_GRID = [0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0]
SHOW_GRID = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7]

# The same definition as SqlShape.java
TOKEN = re.compile(r"'((?:[^']|'')*)'|\"((?:[^\"]|\"\")*)\"|`([^`]*)`|\[([^\]]*)]|([A-Za-z_][A-Za-z0-9_]*)")
KEYWORDS = set("select from where and or not join inner left right outer cross on as group by order having limit "
               "offset distinct asc desc in is null like between union all case when then else end exists count "
               "sum avg min max using natural with intersect except cast round lower upper coalesce ifnull "
               "julianday abs".split())


def content_words(sql):
    out = set()
    for m in TOKEN.finditer(sql or ""):
        if m.group(1) is not None:
            out.add(m.group(1).replace("''", "'").lower())
            continue
        w = next(g for g in m.groups()[1:] if g is not None)
        if m.group(2) is not None:
            w = w.replace('""', '"')
            out.add(w.lower())
            continue
        w = w.lower()
        if w not in KEYWORDS:
            out.add(w)
    return out


# The same definitions as ConditionBreadth.java and ScopeCues.java
ATOM = re.compile(r"([A-Za-z_][\w.]*)\s*(>=|<=|<>|!=|=|>|<|\bLIKE\b|\bIN\b)\s*('(?:[^']|'')*'|-?\d+(?:\.\d+)?|\([^()]*\))",
                  re.I | re.A)
UNION = re.compile(r"\bUNION(?:\s+ALL)?\b", re.I)
WHERE_END = re.compile(r"\b(?:GROUP\s+BY|ORDER\s+BY|HAVING|LIMIT)\b", re.I)
MARKERS = {"also", "both", "either", "same", "common", "respectively", "separately", "together"}
WIDE = {"both", "either", "same"}
ALSO = "also"
OPENING_CONJUNCTIONS = {"and", "then", "but"}
VERBS_OF_ASKING = {"list", "show", "display", "provide", "give", "find", "include", "tell", "return", "name", "get", "add"}
FRONTED_QUANTIFIER = re.compile(r"\s*for\s+(?:each|every|all)\b")


def atoms(text):
    return {(a.split(".")[-1].lower(), op.upper(), v.lower()) for a, op, v in ATOM.findall(text)}


def where_of(branch):
    m = re.search(r"\bWHERE\b", branch, re.I)
    if not m:
        return ""
    rest = branch[m.end():]
    end = WHERE_END.search(rest)
    return rest[:end.start()] if end else rest


def top_level_connectives(where):
    depth, out = 0, []
    for m in re.finditer(r"\(|\)|\bAND\b|\bOR\b", where, re.I):
        s = m.group(0)
        if s == "(":
            depth += 1
        elif s == ")":
            depth -= 1
        elif depth == 0:
            out.append(s.upper())
    return out


def common_atoms(parts):
    sets = [atoms(p) for p in parts]
    return set.intersection(*sets) if sets else set()


def condition_breadth(sql):
    """+1 a condition reaches every coordinated part, -1 some parts only, 0 none (ConditionBreadth)."""
    branches = [b for b in UNION.split(sql or "") if b.strip()]
    if len(branches) >= 2:
        wheres = [where_of(b) for b in branches]
        if common_atoms(wheres):
            return 1.0
        return -1.0 if len({len(atoms(w)) for w in wheres}) > 1 else 0.0
    where = where_of(sql or "")
    conn = top_level_connectives(where)
    if "OR" in conn and "AND" in conn:
        return -1.0
    if "AND" in conn and re.search(r"\bOR\b|\bIN\s*\(", where, re.I):
        return 1.0
    if "OR" in conn:
        disjuncts = re.split(r"\bOR\b", where, flags=re.I)
        if len(disjuncts) > 1 and common_atoms(disjuncts):
            return 1.0
    return 0.0


def scope_cues(question):
    """(markers, attachment cue) as ScopeCues: "also" after a conjunction or a comma, or before a verb of asking,
    opens a new part (narrow); anywhere else it carries the predicate over (wide)."""
    lower = question.lower()
    tokens = re.findall(r"[a-z]+|,", lower)
    fronted = 1 if FRONTED_QUANTIFIER.match(lower) else 0
    wide = any(w in WIDE for w in tokens)
    narrow = False
    for i, w in enumerate(tokens):
        if w != ALSO:
            continue
        before = tokens[i - 1] if i > 0 else ""
        after = tokens[i + 1] if i + 1 < len(tokens) else ""
        opens = before == "," or before in OPENING_CONJUNCTIONS or after in VERBS_OF_ASKING
        narrow |= opens
        wide |= not opens
    return (sum(1 for w in tokens if w in MARKERS) + fronted, (1 if wide else 0) - (1 if narrow else 0))


def jaccard(a, b):
    if not a and not b:
        return 1.0
    c = len(a & b)
    return c / (len(a) + len(b) - c)


def sigmoid(z):
    if z < -40:
        return 0.0
    if z > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))


def logistic(xs, ys):
    """Bias + weights (on the raw feature scale) by gradient descent on standardised features:
    mean log-loss + L2/2 |w|^2 (bias not penalised)."""
    d = len(xs[0])
    n = len(xs)
    mean = [sum(x[i] for x in xs) / n for i in range(d)]
    std = [math.sqrt(sum((x[i] - mean[i]) ** 2 for x in xs) / n) or 1.0 for i in range(d)]
    b, w = _logistic([[(x[i] - mean[i]) / std[i] for i in range(d)] for x in xs], ys)
    raw = [w[i] / std[i] for i in range(d)]
    return b - sum(raw[i] * mean[i] for i in range(d)), raw


def _logistic(xs, ys):
    d = len(xs[0])
    w = [0.0] * d
    b = 0.0
    n = len(xs)
    for _ in range(STEPS):
        gw = [L2 * wi for wi in w]
        gb = 0.0
        for x, y in zip(xs, ys):
            err = sigmoid(b + sum(wi * xi for wi, xi in zip(w, x))) - y
            gb += err / n
            for i in range(d):
                gw[i] += err * x[i] / n
        b -= RATE * gb
        w = [wi - RATE * g for wi, g in zip(w, gw)]
    return b, w


def half(ex):
    return "fit" if int(hashlib.sha1(ex["database"].encode()).hexdigest(), 16) % 2 == 0 else "check"


def rank(ex, bias, weights, penalty):
    """Greedy order as ReadingRanker: indexes, penalised scores, confidences (in order)."""
    rs = ex["readings"]
    base = [bias + sum(weights[f] * r["evidence"].get(f, 0.0) for f in FEATURES) for r in rs]
    words = [content_words(r["sql"]) for r in rs]
    order, scores = [], []
    left = set(range(len(rs)))
    while left:
        best, best_s = None, -1e18
        for i in sorted(left):
            sim = max([jaccard(words[i], words[j]) for j in order], default=0.0)
            s = base[i] - penalty * sim
            if s > best_s:
                best, best_s = i, s
        order.append(best)
        scores.append(best_s)
        left.remove(best)
    return order, scores, [sigmoid(base[i]) for i in order]


def intended_probabilities(scores, sharpness):
    """As ReadingRanker: sigmoid(penalised score) ** sharpness, normalised (in log space)."""
    logs = [sharpness * (-math.log1p(math.exp(-s)) if s >= 0 else s - math.log1p(math.exp(s))) for s in scores]
    top = max(logs)
    w = [math.exp(x - top) for x in logs]
    z = sum(w)
    return [x / z for x in w]


def calibration(exs, probs_of):
    """Mean log and mean of the probability on the readings that match the intended gold, over every
    (example, gold) pair whose gold some reading matches."""
    logs, masses = [], []
    for e in exs:
        rs = e["readings"]
        order, probs = None, None
        for g in range(e["overtone"]["n_gold"]):
            if not any(g in r["matched_golds"] for r in rs):
                continue
            if order is None:
                order, probs = probs_of(e)
            mass = sum(p for i, p in zip(order, probs) if g in rs[i]["matched_golds"])
            logs.append(math.log(max(mass, 1e-9)))
            masses.append(mass)
    if not logs:
        return float("nan"), float("nan")
    return round(sum(logs) / len(logs), 4), round(sum(masses) / len(masses), 3)


def full_of_first(ex, order, k):
    if ex["overtone"].get("gold_problem"):
        return 0.0
    hit = set()
    for i in order[:k]:
        hit.update(ex["readings"][i]["matched_golds"])
    return 1.0 if len(hit) == ex["overtone"]["n_gold"] else 0.0


def verdict_features(ex, conf):
    rs = ex["readings"]
    split = max(0, sum(1 for r in rs if r["evidence"].get("infill_only", 0.0) == 0.0) - 1)
    return [conf[0], conf[1], split, rs[0]["evidence"].get("question_pivots", 0.0), math.log(len(rs)),
            rs[0]["evidence"].get("question_words", 0.0), rs[0]["evidence"].get("question_scope_markers", 0.0)]


def augment(ex, questions):
    """Evidence an older run did not return, derived as EvidenceExtractor derives it."""
    rs = ex["readings"]
    if not rs:
        return
    for name, base in (("default_share_gap", "default_share"), ("term_coverage_gap", "term_coverage")):
        best = max(r["evidence"].get(base, 0.0) for r in rs)
        for r in rs:
            r["evidence"].setdefault(name, r["evidence"].get(base, 0.0) - best)
    narrowest = min(r["evidence"].get("result_columns", 0.0) for r in rs)
    for r in rs:
        r["evidence"].setdefault("result_columns_over_narrowest", r["evidence"].get("result_columns", 0.0) - narrowest)
    q = questions.get(ex["id"])
    for r in rs:
        if "question_words" not in r["evidence"] and q is not None:
            r["evidence"]["question_words"] = len(q.split()) / 10.0
        if "condition_breadth" not in r["evidence"]:
            r["evidence"]["condition_breadth"] = condition_breadth(r["sql"])
        if "question_scope_markers" not in r["evidence"] and q is not None:
            markers, cue = scope_cues(q)
            r["evidence"]["question_scope_markers"] = float(markers)
            r["evidence"]["breadth_cue_fit"] = r["evidence"]["condition_breadth"] * cue


def auroc(points):
    pos = [s for s, p in points if p]
    neg = [s for s, p in points if not p]
    if not pos or not neg:
        return float("nan")
    wins = sum(1.0 if a > b else 0.5 if a == b else 0.0 for a in pos for b in neg)
    return wins / (len(pos) * len(neg))


def evaluate(exs, model):
    """Figures of one half under a model (None = the order the run answered with)."""
    amb = [e for e in exs if e["is_ambiguous"]]
    un = [e for e in exs if not e["is_ambiguous"]]
    out = {}
    pts = []
    shown_of = {}
    order_of = {}
    for e in exs:
        n = len(e["readings"])
        if model is None:
            order_of[e["id"]] = list(range(n))
            shown_of[e["id"]] = e.get("shown", n)
            pts.append((e.get("ambiguity_probability", 0.0), e["is_ambiguous"]))
            continue
        order, _, conf = rank(e, model["bias"], model["weights"], model["penalty"])
        order_of[e["id"]] = order
        if n < 2:
            p_amb = 0.0
        else:
            z = model["v_bias"] + sum(a * b for a, b in zip(model["v_weights"], verdict_features(e, conf)))
            p_amb = sigmoid(z)
        ambiguous = n >= 2 and p_amb >= model["v_threshold"]
        if n == 0:
            shown = 0
        elif not ambiguous:
            shown = 1
        else:
            k = 0
            while k < n and k < MAX_SHOWN and conf[k] >= model["show_min"]:
                k += 1
            shown = min(n, max(2, k))
        shown_of[e["id"]] = shown
        pts.append((p_amb, e["is_ambiguous"]))
    for name, sel in (("ambiguous", amb), ("unambiguous", un)):
        if not sel:
            continue
        m = {"n": len(sel)}
        for k in (1, 3, 5, 1000):
            m["full_first_%s" % ("all" if k == 1000 else k)] = round(
                100 * sum(full_of_first(e, order_of[e["id"]], k) for e in sel) / len(sel), 1)
        m["full_shown"] = round(100 * sum(full_of_first(e, order_of[e["id"]], shown_of[e["id"]]) for e in sel) / len(sel), 1)
        m["mean_shown"] = round(sum(shown_of[e["id"]] for e in sel) / len(sel), 2)
        out[name] = m
    out["verdict_auroc"] = round(auroc(pts), 3)
    if model is None:
        probs_of = lambda e: (list(range(len(e["readings"]))), [r["probability"] for r in e["readings"]])
    else:
        def probs_of(e):
            order, scores, _ = rank(e, model["bias"], model["weights"], model["penalty"])
            return order, intended_probabilities(scores, model["sharpness"])
    out["intent_log_prob"], out["intent_mass"] = calibration(exs, probs_of)
    return out


def objective_rank(exs, model):
    f = evaluate(exs, model)
    return f["ambiguous"]["full_first_5"] + f["unambiguous"]["full_first_1"]


def fit(exs):
    xs, ys = [], []
    for e in exs:
        for r in e["readings"]:
            xs.append([r["evidence"].get(f, 0.0) for f in FEATURES])
            ys.append(1.0 if r["matched_golds"] else 0.0)
    bias, w = logistic(xs, ys)
    model = {"bias": bias, "weights": dict(zip(FEATURES, w)), "penalty": 0.0, "sharpness": 1.0,
             "v_bias": 0.0, "v_weights": [0.0] * len(VERDICT_FEATURES), "v_threshold": 0.5, "show_min": 0.3}
    best = None
    for p in PENALTIES:
        model["penalty"] = p
        score = objective_rank(exs, model)
        if best is None or score > best[0]:
            best = (score, p)
    model["penalty"] = best[1]
    best = None
    for g in SHARPNESS_GRID:
        model["sharpness"] = g
        value, _ = calibration(exs, lambda e: (lambda o: (o[0], intended_probabilities(o[1], g)))(
            rank(e, model["bias"], model["weights"], model["penalty"])))
        if best is None or value > best[0]:
            best = (value, g)
    model["sharpness"] = best[1]
    vx, vy = [], []
    for e in exs:
        if len(e["readings"]) < 2:
            continue
        _, _, conf = rank(e, model["bias"], model["weights"], model["penalty"])
        vx.append(verdict_features(e, conf))
        vy.append(1.0 if e["is_ambiguous"] else 0.0)
    model["v_bias"], model["v_weights"] = logistic(vx, vy)
    probs = sorted({round(sigmoid(model["v_bias"] + sum(a * b for a, b in zip(model["v_weights"], x))), 4) for x in vx})
    best = None
    pos = sum(vy)
    neg = len(vy) - pos
    for t in [0.5] + probs:
        said = [sigmoid(model["v_bias"] + sum(a * b for a, b in zip(model["v_weights"], x))) >= t for x in vx]
        tpr = sum(1 for p, y in zip(said, vy) if p and y == 1.0) / pos
        tnr = sum(1 for p, y in zip(said, vy) if not p and y == 0.0) / neg
        if best is None or tpr + tnr > best[0]:
            best = (tpr + tnr, t)
    model["v_threshold"] = best[1]
    best = None
    for s in SHOW_GRID:
        model["show_min"] = s
        f = evaluate(exs, model)
        n = f["ambiguous"]["n"] + f["unambiguous"]["n"]
        value = sum(f[k]["full_shown"] / 100 * f[k]["n"] - SHOWN_COST * f[k]["mean_shown"] * f[k]["n"]
                    for k in ("ambiguous", "unambiguous")) / n
        if best is None or value > best[0]:
            best = (value, s)
    model["show_min"] = best[1]
    return model


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("examples")
    ap.add_argument("--json-out")
    ap.add_argument("--data", help="the data set, for evidence an older run lacks (question_words)")
    args = ap.parse_args()
    exs = [json.loads(l) for l in open(args.examples, encoding="utf-8") if l.strip()]
    exs = [e for e in exs if e.get("readings") is not None and e.get("overtone")]
    questions = {}
    if args.data:
        for line in open(args.data, encoding="utf-8"):
            if line.strip():
                d = json.loads(line)
                questions[d["id"]] = d.get("question", "")
    for e in exs:
        augment(e, questions)
    halves = {"fit": [e for e in exs if half(e) == "fit"], "check": [e for e in exs if half(e) == "check"]}
    print("examples: fit %d (%d databases), check %d (%d databases)" % (
        len(halves["fit"]), len({e["database"] for e in halves["fit"]}),
        len(halves["check"]), len({e["database"] for e in halves["check"]})), file=sys.stderr)
    model = fit(halves["fit"])
    report = {"model": model, "as_run": {h: evaluate(v, None) for h, v in halves.items()},
              "fitted": {h: evaluate(v, model) for h, v in halves.items()}}
    print(json.dumps(report, indent=2))
    print("\n// RankingWeights.java")
    print("    public static final double READING_BIAS = %.4f;" % model["bias"])
    for f in FEATURES:
        print("            Feature.%s, %.4f," % (f.upper(), model["weights"][f]))
    print("    public static final double DIVERSITY_PENALTY = %.2f;" % model["penalty"])
    print("    public static final double PROBABILITY_SHARPNESS = %.2f;" % model["sharpness"])
    print("    public static final double VERDICT_BIAS = %.4f;" % model["v_bias"])
    for name, w in zip(VERDICT_FEATURES, model["v_weights"]):
        print("    VERDICT_%s = %.4f;" % (name.upper(), w))
    print("    public static final double VERDICT_THRESHOLD = %.4f;" % model["v_threshold"])
    print("    public static final double SHOW_MIN_CONFIDENCE = %.2f;" % model["show_min"])
    if args.json_out:
        with open(args.json_out, "w") as fh:
            json.dump(report, fh, indent=2)


if __name__ == "__main__":
    main()
