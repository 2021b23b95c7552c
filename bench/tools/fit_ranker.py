#!/usr/bin/env python3
"""Fits interpreter-svc's ranking constants and reports them cross-validated by database.

Input: the examples.jsonl of `bin/overtone bench coverage` (per example, every reading in answer order with its
`evidence` - the named features interpreter-svc computed and wrote into the answer - the golds it matches, the
answer's outcome and how many readings it showed). Python 3 standard library only.

The tool reads the features the service writes (and each reading's parts, for the diversity step); it derives
none from the SQL or the question. A run made by an
older build that lacks a feature is refused (run `bench coverage` again with the build being fitted). What it
does compute is the model itself: the logistic scores, the greedy order, the probabilities and the cut, the
same arithmetic as ReadingRanker.java, so that each constant can be refitted and its effect measured offline.

Cross-validation holds out whole databases: the databases are sorted by sha1(name) and dealt round-robin into
K folds (5 by default), so no database is on both sides of a fold. For each fold every constant is fitted on the
other folds' examples and the held-out fold is answered with them; the held-out answers of all folds together
give the **held-out figures** (the headline). The **all-data** figures are the same constants fitted on every
example and measured on the same examples (in-sample); those constants are the ones printed for
RankingWeights.java. **As run** is the answer the service gave (its own constants).

The constants, in the order they are fitted (each on the training folds only):
  1. READING_BIAS, READING_WEIGHTS: L2-regularised logistic regression of "this reading matches a gold" on the
     reading features (standardised while fitting, reported on the raw scale; Newton's method);
  2. DIVERSITY_PENALTY: grid, full coverage of the first 5 (ambiguous) + top-1 correct (unambiguous), the smallest
     penalty within PENALTY_TOLERANCE of the best (a penalty flattens the probabilities clarify-svc starts from). The
     greedy step compares the readings' parts, which the run also writes: the canonical values of the slots of
     parser-svc's analysis that the service ranked with (ReadingStructure.java; none for a reading nothing
     analysed). The diversity step is neutral at 0, its fitted value so far;
  3. PROBABILITY_SHARPNESS: grid, mean log probability of the readings matching the intended gold (each gold
     of each example in turn the intent, as the clarify bench plays it);
  4. VERDICT_BIAS and the VERDICT_* weights: logistic regression of "the question is ambiguous" on
     VERDICT_FEATURES, over questions with two or more readings; its regularisation from VERDICT_L2_GRID, the one
     with the least log-loss on out-of-fold P(ambiguous) (THRESHOLD_FOLDS folds over the training folds' databases,
     steps 1-3 refitted without each), so it too is chosen inside the training folds;
  5. VERDICT_THRESHOLD: the lowest P(ambiguous) cut whose false-alarm rate (unambiguous questions flagged) on the
     training folds is at most MAX_FALSE_ALARM (the issue's 15 %), i.e. as many ambiguous questions flagged as
     that allows; the rate is counted on out-of-fold P(ambiguous) (THRESHOLD_FOLDS folds over the training folds'
     databases, steps 1-4 fitted without each, the same folds as step 4's choice), since in-sample scores set a threshold that flags more than 15 % of
     the unambiguous questions of databases it was not fitted on;
  6. SHOW_MASS_AMBIGUOUS, SHOW_MASS_ANSWERABLE, SHOW_WIDE_THRESHOLD: the compact cut shows the fewest leading
     readings whose probabilities sum to a mass: SHOW_MASS_AMBIGUOUS (and at least 2) when P(ambiguous) reaches
     SHOW_WIDE_THRESHOLD (at most VERDICT_THRESHOLD: an answer can be ANSWERABLE and still show its close
     alternatives), else SHOW_MASS_ANSWERABLE; at most MAX_SHOWN. All three by one grid, maximising full coverage
     of the shown readings minus SHOWN_COST per reading shown, among the choices that show the unambiguous
     questions at most MAX_MEAN_SHOWN_UNAMBIGUOUS readings on average.
MAX_SHOWN (4) is fixed.

Usage: fit_ranker.py EXAMPLES.jsonl [--folds K] [--json-out FILE] [--verdicts-out FILE]
"""

import argparse
import hashlib
import json
import math
import sys

# Feature.java's wire names that the reading model weighs (every one the service writes)
FEATURES = ["default_share", "default_share_gap", "infill_only", "infill_model", "routes_log", "empty_result", "null_result",
            "repeated_rows", "name_grounding", "name_grounding_gap", "term_coverage", "term_coverage_gap", "literal_grounding",
            "names_used", "joins", "result_columns", "result_columns_over_narrowest", "label_shown", "question_pivots",
            "question_words", "condition_breadth", "breadth_cue_fit"]
# Question-level evidence the verdict reads from the first reading (the same for every reading of a question)
# Evidence the verdict reads (question-level ones from the first reading, the others by rank)
VERDICT_EVIDENCE = ["question_pivots", "question_words", "question_scope_markers", "result_overlap", "distinct_name_grounding",
                    "distinct_name_meaning", "question_link_quantifier", "question_unspelled_siblings", "projection_referred",
                    "question_spelled_contest", "question_meaning_siblings"]
# VerdictFeature.java's wire names, in its order
VERDICT_FEATURES = ["top_confidence", "second_confidence", "default_split", "pivots", "readings_log", "question_words",
                    "scope_markers", "top_default_share", "top_probability", "top_result_overlap", "deciding_grounding_gap",
                    "deciding_meaning_gap", "link_quantifier", "breadth_fork", "unspelled_siblings", "top_projection_referred",
                    "spelled_contest", "meaning_siblings"]
L2 = 0.01            # regularisation of the reading model's logistic regression
VERDICT_L2_GRID = [0.003, 0.01, 0.03, 0.1, 0.3, 1.0]   # the verdict's, chosen by inner folds (step 4)
NEWTON_STEPS = 30    # at most; it stops when a step moves no weight by 1e-8
MAX_SHOWN = 4
SHOWN_COST = 0.05    # full coverage (0..1) one more shown reading must buy
MAX_FALSE_ALARM = 0.15
THRESHOLD_FOLDS = 4  # inner folds over the fitted databases: the verdict's L2 and VERDICT_THRESHOLD are set on their out-of-fold P(ambiguous) (at least 2)
MAX_MEAN_SHOWN_UNAMBIGUOUS = 1.8   # readings shown per unambiguous question the cut may spend (the goal is 2; margin for new data)
PENALTIES = [0.0, 0.5, 1.0, 2.0]
SHARPNESS_GRID = [0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0]
SHOW_GRID = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7]   # procedure 'before' only
BEFORE_VERDICT_FEATURES = 7   # procedure 'before': the first seven VERDICT_FEATURES
SHOW_THRESHOLD_GRID = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45]
PENALTY_TOLERANCE = 0.01   # first-5 + top-1 (fractions) a larger diversity penalty must gain over a smaller one
MASS_GRID = [0.0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95]

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


def log_sigmoid(z):
    return -math.log1p(math.exp(-z)) if z >= 0 else z - math.log1p(math.exp(z))


def logistic(xs, ys, l2=L2):
    """Bias + weights (raw feature scale) minimising mean log-loss + l2/2 |w|^2 on standardised features
    (bias not penalised), by Newton's method: the exact optimum of that objective."""
    d = len(xs[0])
    n = len(xs)
    mean = [sum(x[i] for x in xs) / n for i in range(d)]
    std = [math.sqrt(sum((x[i] - mean[i]) ** 2 for x in xs) / n) or 1.0 for i in range(d)]
    zs = [[1.0] + [(x[i] - mean[i]) / std[i] for i in range(d)] for x in xs]
    theta = [0.0] * (d + 1)
    for _ in range(NEWTON_STEPS):
        grad = [0.0] + [l2 * t for t in theta[1:]]
        hess = [[0.0] * (d + 1) for _ in range(d + 1)]
        for i in range(1, d + 1):
            hess[i][i] = l2
        for z, y in zip(zs, ys):
            p = sigmoid(sum(t * v for t, v in zip(theta, z)))
            err = (p - y) / n
            s = p * (1 - p) / n
            for a in range(d + 1):
                grad[a] += err * z[a]
                sa = s * z[a]
                row = hess[a]
                for b in range(a, d + 1):
                    row[b] += sa * z[b]
        for a in range(d + 1):
            for b in range(a):
                hess[a][b] = hess[b][a]
        step = solve(hess, grad)
        theta = [t - st for t, st in zip(theta, step)]
        if max(abs(st) for st in step) < 1e-8:
            break
    raw = [theta[i + 1] / std[i] for i in range(d)]
    return theta[0] - sum(raw[i] * mean[i] for i in range(d)), raw


def solve(a, b):
    """a x = b by Gaussian elimination with partial pivoting (a is small and positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for c in range(n - 1, -1, -1):
        x[c] = (m[c][n] - sum(m[c][k] * x[k] for k in range(c + 1, n))) / m[c][c]
    return x


# ---- the model, as ReadingRanker.java computes it ----

def rank(ex, model):
    """Greedy order: indexes, penalised scores and confidences (sigmoid of the unpenalised score), in order."""
    rs = ex["readings"]
    base = [model["bias"] + sum(model["weights"][f] * r["evidence"][f] for f in FEATURES) for r in rs]
    order, scores = [], []
    left = list(range(len(rs)))
    while left:
        best, best_s = None, -1e18
        for i in left:
            sim = max([jaccard(ex["_parts"][i], ex["_parts"][j]) for j in order], default=0.0) if model["penalty"] else 0.0
            s = base[i] - model["penalty"] * sim
            if s > best_s:
                best, best_s = i, s
        order.append(best)
        scores.append(best_s)
        left.remove(best)
    return order, scores, [sigmoid(base[i]) for i in order]


def intended_probabilities(scores, sharpness):
    logs = [sharpness * log_sigmoid(s) for s in scores]
    top = max(logs)
    w = [math.exp(x - top) for x in logs]
    z = sum(w)
    return [x / z for x in w]


def verdict_features(ex, order, conf, probs, count=None):
    return all_verdict_features(ex, order, conf, probs)[:count or len(VERDICT_FEATURES)]


def all_verdict_features(ex, order, conf, probs):
    rs = ex["readings"]
    first = rs[order[0]]["evidence"]
    second = rs[order[1]]["evidence"]
    split = max(0, sum(1 for r in rs if r["evidence"]["infill_only"] == 0.0) - 1)
    out = [conf[0], conf[1], split, first["question_pivots"], math.log(len(rs)), first["question_words"],
           first["question_scope_markers"], first["default_share"], probs[0]]
    if "result_overlap" in first:
        out += [first["result_overlap"], first["distinct_name_grounding"] - second["distinct_name_grounding"]]
    if "distinct_name_meaning" in first:
        out.append(first["distinct_name_meaning"] - second["distinct_name_meaning"])
    if "question_link_quantifier" in first:
        breadths = {r["evidence"]["condition_breadth"] for r in rs}
        out += [first["question_link_quantifier"], 1.0 if any(b > 0 for b in breadths) and any(b < 0 for b in breadths) else 0.0]
    if "question_unspelled_siblings" in first:
        out.append(first["question_unspelled_siblings"])
    if "projection_referred" in first:
        out.append(first["projection_referred"])
    if "question_spelled_contest" in first:
        out.append(first["question_spelled_contest"])
    if "question_meaning_siblings" in first:
        out.append(first["question_meaning_siblings"])
    return out


def shown_count(probs, ambiguous, mass):
    n = len(probs)
    if n == 0:
        return 0
    k, total = 0, 0.0
    while k < n and k < MAX_SHOWN and total < mass - 1e-12:
        total += probs[k]
        k += 1
    return min(n, max(2 if ambiguous else 1, k))


def decide(ex, model):
    """The answer this model gives: order, probabilities, P(ambiguous), the verdict and the shown count."""
    order, scores, conf = rank(ex, model)
    probs = intended_probabilities(scores, model["sharpness"]) if scores else []
    n = len(order)
    p_amb = 0.0
    if n >= 2:
        x = verdict_features(ex, order, conf, probs, len(model["v_weights"]))
        p_amb = sigmoid(model["v_bias"] + sum(a * b for a, b in zip(model["v_weights"], x)))
    ambiguous = n >= 2 and p_amb >= model["v_threshold"]
    if "show_min" in model:
        shown = shown_by_confidence(conf, ambiguous, model["show_min"])
    else:
        wide = n >= 2 and p_amb >= min(model["show_threshold"], model["v_threshold"])
        shown = shown_count(probs, wide, model["mass_ambiguous"] if wide else model["mass_answerable"])
    return {"order": order, "probs": probs, "p_amb": p_amb, "ambiguous": ambiguous, "shown": shown, "conf": conf}


def shown_by_confidence(conf, ambiguous, show_min):
    """The cut before this change (procedure 'before'): one reading when answerable; when ambiguous the leading
    readings whose P(correct) reaches show_min, at least 2, at most MAX_SHOWN."""
    n = len(conf)
    if n == 0:
        return 0
    if not ambiguous:
        return 1
    k = 0
    while k < n and k < MAX_SHOWN and conf[k] >= show_min:
        k += 1
    return min(n, max(2, k))


def as_run(ex):
    n = len(ex["readings"])
    return {"order": list(range(n)), "probs": [r["probability"] for r in ex["readings"]],
            "p_amb": ex.get("ambiguity_probability", 0.0), "ambiguous": ex.get("outcome") == "OUTCOME_AMBIGUOUS",
            "shown": ex.get("shown", n)}


# ---- figures ----

def full_of_first(ex, order, k):
    if ex["overtone"].get("gold_problem"):
        return 0.0
    hit = set()
    for i in order[:k]:
        hit.update(ex["readings"][i]["matched_golds"])
    return 1.0 if len(hit) == ex["overtone"]["n_gold"] else 0.0


def auroc(points):
    pos = sorted(s for s, p in points if p)
    neg = sorted(s for s, p in points if not p)
    if not pos or not neg:
        return float("nan")
    wins = 0.0
    for a in pos:
        for b in neg:
            wins += 1.0 if a > b else 0.5 if a == b else 0.0
    return wins / (len(pos) * len(neg))


def intent_calibration(pairs):
    """Mean log probability and mean probability on the readings matching the intended gold, over every
    (example, gold) pair whose gold some reading matches."""
    logs, masses = [], []
    for ex, d in pairs:
        rs = ex["readings"]
        for g in range(ex["overtone"]["n_gold"]):
            if not any(g in r["matched_golds"] for r in rs):
                continue
            mass = sum(p for i, p in zip(d["order"], d["probs"]) if g in rs[i]["matched_golds"])
            logs.append(math.log(max(mass, 1e-9)))
            masses.append(mass)
    if not logs:
        return float("nan"), float("nan")
    return sum(logs) / len(logs), sum(masses) / len(masses)


def figures(pairs):
    """The figures the issue sets goals on, over (example, decision) pairs."""
    out = {}
    for name, label in (("ambiguous", True), ("unambiguous", False)):
        sel = [(e, d) for e, d in pairs if e["is_ambiguous"] == label]
        if not sel:
            continue
        m = {"n": len(sel)}
        for k in (1, 3, 5):
            m["full_first_%d" % k] = round(100 * sum(full_of_first(e, d["order"], k) for e, d in sel) / len(sel), 1)
        m["full_all"] = round(100 * sum(full_of_first(e, d["order"], 10 ** 6) for e, d in sel) / len(sel), 1)
        m["full_shown"] = round(100 * sum(full_of_first(e, d["order"], d["shown"]) for e, d in sel) / len(sel), 1)
        m["mean_shown"] = round(sum(d["shown"] for _, d in sel) / len(sel), 2)
        m["flagged"] = round(100 * sum(1 for _, d in sel if d["ambiguous"]) / len(sel), 1)
        out[name] = m
    out["verdict_auroc"] = round(auroc([(d["p_amb"], e["is_ambiguous"]) for e, d in pairs]), 3)
    lp, mass = intent_calibration(pairs)
    out["intent_log_prob"], out["intent_mass"] = round(lp, 4), round(mass, 3)
    return out


# ---- fitting ----

def fit(exs, procedure="now"):
    model = fit_readings(exs)
    vx, vy = verdict_data(exs, model, procedure)
    if procedure == "before":
        model["v_bias"], model["v_weights"] = logistic(vx, vy)
        model["v_threshold"] = youden_threshold([verdict_probability(model, x) for x in vx], vy)
        return fit_show_min(exs, model)
    model["v_l2"], p, py = choose_verdict_l2(exs)
    model["v_bias"], model["v_weights"] = logistic(vx, vy, model["v_l2"])
    negatives = sorted((pi for pi, y in zip(p, py) if y == 0.0), reverse=True)
    allowed = int(math.floor(MAX_FALSE_ALARM * len(negatives)))
    # flag everything above the (allowed+1)-th highest unambiguous score: at most `allowed` false alarms
    model["v_threshold"] = negatives[allowed] + 1e-9 if allowed < len(negatives) else 0.0
    return fit_cut(exs, model)


def fit_readings(exs):
    """Steps 1-3: the reading model, the diversity penalty and the probability sharpness."""
    xs, ys = [], []
    for e in exs:
        for r in e["readings"]:
            xs.append([r["evidence"][f] for f in FEATURES])
            ys.append(1.0 if r["matched_golds"] else 0.0)
    bias, w = logistic(xs, ys)
    model = {"bias": bias, "weights": dict(zip(FEATURES, w)), "penalty": 0.0, "sharpness": 1.0,
             "v_bias": 0.0, "v_weights": [0.0] * len(VERDICT_FEATURES), "v_threshold": 0.5,
             "mass_ambiguous": 0.0, "mass_answerable": 0.0, "show_threshold": 1.0}

    def rank_objective(penalty):
        model["penalty"] = penalty
        first = [(e, {"order": rank(e, model)[0]}) for e in exs]
        amb = [full_of_first(e, d["order"], 5) for e, d in first if e["is_ambiguous"]]
        un = [full_of_first(e, d["order"], 1) for e, d in first if not e["is_ambiguous"]]
        return sum(amb) / max(1, len(amb)) + sum(un) / max(1, len(un))

    values = {p: rank_objective(p) for p in PENALTIES}
    # the smallest penalty within PENALTY_TOLERANCE of the best: a penalty also flattens the probabilities
    model["penalty"] = min(p for p in PENALTIES if values[p] >= max(values.values()) - PENALTY_TOLERANCE)
    ranked = {e["id"]: rank(e, model) for e in exs}

    def calibration_at(g):
        pairs = []
        for e in exs:
            order, scores, _ = ranked[e["id"]]
            pairs.append((e, {"order": order, "probs": intended_probabilities(scores, g) if scores else []}))
        return intent_calibration(pairs)[0]

    model["sharpness"] = max(SHARPNESS_GRID, key=calibration_at)
    return model


def verdict_data(exs, model, procedure="now"):
    """The verdict's features under this reading model, and the labels, of the questions with two or more readings."""
    vx, vy = [], []
    for e in exs:
        if len(e["readings"]) < 2:
            continue
        order, scores, conf = rank(e, model)
        vx.append(verdict_features(e, order, conf, intended_probabilities(scores, model["sharpness"]),
                                   BEFORE_VERDICT_FEATURES if procedure == "before" else None))
        vy.append(1.0 if e["is_ambiguous"] else 0.0)
    return vx, vy


def verdict_probability(model, x):
    return sigmoid(model["v_bias"] + sum(a * b for a, b in zip(model["v_weights"], x)))


def choose_verdict_l2(exs):
    """Step 4's regularisation and step 5's scores, by THRESHOLD_FOLDS folds over exs' databases: every step before
    the verdict fitted without the held fold, the verdict fitted at each VERDICT_L2_GRID strength, the held fold's
    questions scored. The strength with the least out-of-fold log-loss wins (the larger on a tie), and its
    out-of-fold P(ambiguous) (with the labels) is what the threshold is set on: in-sample scores set a threshold that
    flags more unambiguous questions on new databases than it allows, because the fitted weights push the training
    questions' scores apart."""
    assert THRESHOLD_FOLDS >= 2, "the verdict's L2 and threshold need at least two inner folds"
    p = {l2: [] for l2 in VERDICT_L2_GRID}
    labels = []
    for train, held in splits(exs, THRESHOLD_FOLDS):
        model = fit_readings(train)
        tx, ty = verdict_data(train, model)
        hx, hy = verdict_data(held, model)
        labels += hy
        for l2 in VERDICT_L2_GRID:
            fitted = dict(model)
            fitted["v_bias"], fitted["v_weights"] = logistic(tx, ty, l2)
            p[l2] += [verdict_probability(fitted, x) for x in hx]

    def log_loss(l2):
        return -sum(math.log(max(pi if y else 1.0 - pi, 1e-12)) for pi, y in zip(p[l2], labels)) / max(1, len(labels))

    best = min(sorted(VERDICT_L2_GRID, reverse=True), key=log_loss)
    return best, p[best], labels


def fit_cut(exs, model):
    """Step 6: the compact cut's masses and its wide threshold."""
    decisions = {e["id"]: decide(e, model) for e in exs}

    def cut_value(mass_ambiguous, mass_answerable, show_threshold):
        total, unambiguous_shown, unambiguous = 0.0, 0, 0
        for e in exs:
            d = decisions[e["id"]]
            wide = len(d["probs"]) >= 2 and d["p_amb"] >= show_threshold
            k = shown_count(d["probs"], wide, mass_ambiguous if wide else mass_answerable)
            total += full_of_first(e, d["order"], k) - SHOWN_COST * k
            if not e["is_ambiguous"]:
                unambiguous_shown += k
                unambiguous += 1
        if unambiguous and unambiguous_shown / unambiguous > MAX_MEAN_SHOWN_UNAMBIGUOUS:
            return float("-inf")
        return total

    thresholds = sorted({model["v_threshold"]} | {t for t in SHOW_THRESHOLD_GRID if t < model["v_threshold"]}, reverse=True)
    model["mass_ambiguous"], model["mass_answerable"], model["show_threshold"] = max(
        ((a, b, t) for t in thresholds for a in MASS_GRID for b in MASS_GRID), key=lambda c: cut_value(*c))
    return model


def youden_threshold(p, vy):
    """The procedure before: the threshold maximising balanced accuracy (Youden's J)."""
    pos = sum(vy)
    neg = len(vy) - pos
    best = None
    for t in [0.5] + sorted(set(round(x, 4) for x in p)):
        tpr = sum(1 for x, y in zip(p, vy) if x >= t and y == 1.0) / pos
        tnr = sum(1 for x, y in zip(p, vy) if x < t and y == 0.0) / neg
        if best is None or tpr + tnr > best[0]:
            best = (tpr + tnr, t)
    return best[1]


def fit_show_min(exs, model):
    """The procedure before: SHOW_MIN_CONFIDENCE by grid, full coverage of the shown minus SHOWN_COST per reading shown."""
    del model["mass_ambiguous"], model["mass_answerable"]
    best = None
    for s in SHOW_GRID:
        model["show_min"] = s
        pairs = [(e, decide(e, model)) for e in exs]
        value = sum(full_of_first(e, d["order"], d["shown"]) - SHOWN_COST * d["shown"] for e, d in pairs)
        if best is None or value > best[0]:
            best = (value, s)
    model["show_min"] = best[1]
    return model


# ---- data ----

def load(path, procedure):
    exs = []
    for line in open(path, encoding="utf-8"):
        if not line.strip():
            continue
        e = json.loads(line)
        if e.get("readings") is None or not e.get("overtone"):
            continue
        for r in e["readings"]:
            needed = FEATURES + (VERDICT_EVIDENCE[:3] if procedure == "before" else VERDICT_EVIDENCE)
            missing = [f for f in needed if f not in r["evidence"]]
            if missing:
                sys.exit("%s: example %s lacks the service's evidence %s; run bench coverage again with the build being fitted"
                         % (path, e["id"], ", ".join(missing)))
        if any("parts" not in r for r in e["readings"]):
            sys.exit("%s: example %s lacks the readings' parts; run bench coverage again with the build being fitted"
                     % (path, e["id"]))
        e["_parts"] = [set(r["parts"]) for r in e["readings"]]
        exs.append(e)
    return exs


def folds_of(exs, k):
    dbs = sorted({e["database"] for e in exs}, key=lambda d: hashlib.sha1(d.encode()).hexdigest())
    fold_of_db = {d: i % k for i, d in enumerate(dbs)}
    return [[e for e in exs if fold_of_db[e["database"]] == i] for i in range(k)]


def splits(exs, k):
    """(training examples, held-out examples) for each of k folds over exs' databases."""
    folds = folds_of(exs, k)
    for i, held in enumerate(folds):
        yield [e for j, f in enumerate(folds) if j != i for e in f], held


def cross_validate(exs, k, procedure):
    pairs, models = [], []
    for i, (train, held) in enumerate(splits(exs, k)):
        model = fit(train, procedure)
        models.append(model)
        pairs.extend((e, decide(e, model)) for e in held)
        print("fold %d: trained on %d examples, held out %d (%d databases)" % (
            i + 1, len(train), len(held), len({e["database"] for e in held})), file=sys.stderr)
    return figures(pairs), models, pairs


def spread(models):
    """Each constant's range over the folds' fits: how firmly the data decide it."""
    out = {}
    for key in ("penalty", "sharpness", "v_l2", "v_threshold", "mass_ambiguous", "mass_answerable", "show_threshold", "show_min"):
        if key not in models[0]:
            continue
        vals = [m[key] for m in models]
        out[key] = [round(min(vals), 4), round(max(vals), 4)]
    for j, name in enumerate(VERDICT_FEATURES[:len(models[0]["v_weights"])]):
        vals = [m["v_weights"][j] for m in models]
        out["verdict_" + name] = [round(min(vals), 4), round(max(vals), 4)]
    return out


def printed_threshold(exs, model):
    """VERDICT_THRESHOLD as printed: the fitting rule applied again to the P(ambiguous) the printed (rounded) weights
    give, then rounded up. The threshold sits just above an unambiguous training question's P(ambiguous), and the
    weights rounded to 4 decimals move that P by up to about 1e-4, more than rounding the threshold up can absorb."""
    rounded = dict(model, bias=round(model["bias"], 4), weights={f: round(w, 4) for f, w in model["weights"].items()},
                   v_bias=round(model["v_bias"], 4), v_weights=[round(w, 4) for w in model["v_weights"]])
    negatives = sorted((decide(e, rounded)["p_amb"] for e in exs if len(e["readings"]) >= 2 and not e["is_ambiguous"]),
                       reverse=True)
    allowed = int(math.floor(MAX_FALSE_ALARM * len(negatives)))
    above = negatives[allowed] + 1e-9 if allowed < len(negatives) else 0.0
    return math.ceil(max(model["v_threshold"], above) * 1e4) / 1e4


def java(model, threshold):
    lines = ["// RankingWeights.java (fitted on all the examples given)",
             "    public static final double READING_BIAS = %.4f;" % model["bias"]]
    lines += ["            Feature.%s, %.4f," % (f.upper(), model["weights"][f]) for f in FEATURES]
    lines.append("    public static final double DIVERSITY_PENALTY = %.2f;" % model["penalty"])
    lines.append("    public static final double PROBABILITY_SHARPNESS = %.2f;" % model["sharpness"])
    lines.append("    public static final double VERDICT_BIAS = %.4f;" % model["v_bias"])
    lines += ["            VerdictFeature.%s, %.4f," % (n.upper(), w) for n, w in zip(VERDICT_FEATURES, model["v_weights"])]
    lines.append("    public static final double VERDICT_THRESHOLD = %.4f;" % threshold)
    if "show_min" in model:
        lines.append("    public static final double SHOW_MIN_CONFIDENCE = %.2f;" % model["show_min"])
    else:
        lines.append("    public static final double SHOW_MASS_AMBIGUOUS = %.2f;" % model["mass_ambiguous"])
        lines.append("    public static final double SHOW_MASS_ANSWERABLE = %.2f;" % model["mass_answerable"])
        lines.append("    public static final double SHOW_WIDE_THRESHOLD = %.4f;" % min(model["show_threshold"], model["v_threshold"]))
    return "\n".join(lines)


def table(rows):
    keys = [("ambiguous", "flagged", "ambiguous flagged AMBIGUOUS (goal >= 85)"),
            ("unambiguous", "flagged", "unambiguous flagged AMBIGUOUS (goal <= 15)"),
            ("unambiguous", "full_shown", "unambiguous: shown hold the right one (goal >= 75)"),
            ("unambiguous", "mean_shown", "unambiguous: readings shown (goal <= 2)"),
            ("unambiguous", "full_first_1", "unambiguous: first reading right (goal >= 65)"),
            ("ambiguous", "full_shown", "ambiguous: shown hold every reading (goal >= 50)"),
            ("ambiguous", "mean_shown", "ambiguous: readings shown"),
            ("ambiguous", "full_first_5", "ambiguous: first five hold every reading (goal >= 55)"),
            ("ambiguous", "full_all", "ambiguous: all readings, full coverage"),
            ("unambiguous", "full_all", "unambiguous: all readings, full coverage"),
            (None, "verdict_auroc", "verdict AUROC"),
            (None, "intent_log_prob", "mean log P(intended readings)")]
    names = list(rows)
    out = ["| figure | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    for subset, key, label in keys:
        vals = []
        for n in names:
            f = rows[n]
            v = f.get(key) if subset is None else f.get(subset, {}).get(key)
            vals.append("—" if v is None else str(v))
        out.append("| %s | %s |" % (label, " | ".join(vals)))
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("examples")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--json-out")
    ap.add_argument("--verdicts-out", help="JSONL, one line per example: its held-out P(ambiguous), verdict and "
                                           "shown count, to compare two runs question by question")
    ap.add_argument("--procedure", choices=["now", "before"], default="now",
                    help="'before': the procedure of 2026-11-25 (seven verdict features, Youden's threshold, the "
                         "SHOW_MIN_CONFIDENCE cut), cross-validated the same way, for an honest before/after")
    args = ap.parse_args()
    exs = load(args.examples, args.procedure)
    print("examples: %d, databases: %d" % (len(exs), len({e["database"] for e in exs})), file=sys.stderr)
    run_figures = figures([(e, as_run(e)) for e in exs])
    held_out, models, held_pairs = cross_validate(exs, args.folds, args.procedure)
    model = fit(exs, args.procedure)
    all_data = figures([(e, decide(e, model)) for e in exs])
    report = {"as_run": run_figures, "held_out": held_out, "all_data": all_data,
              "model": model, "fold_spread": spread(models), "folds": args.folds, "procedure": args.procedure}
    print(table({"as run": run_figures, "refitted, held-out folds": held_out, "refitted, all data": all_data}))
    print()
    print("constants' range over the %d folds' fits: %s" % (args.folds, json.dumps(report["fold_spread"])))
    print()
    print(java(model, printed_threshold(exs, model)))
    if args.json_out:
        with open(args.json_out, "w") as fh:
            json.dump(report, fh, indent=2)
    if args.verdicts_out:
        with open(args.verdicts_out, "w") as fh:
            for e, d in held_pairs:
                fh.write(json.dumps({"id": e["id"], "is_ambiguous": e["is_ambiguous"], "p_amb": round(d["p_amb"], 4),
                                     "ambiguous": d["ambiguous"], "shown": d["shown"]}) + "\n")


if __name__ == "__main__":
    main()
