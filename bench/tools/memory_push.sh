#!/usr/bin/env bash
# Memory on against --ignore-memory on the load bench (bench/README, "Memory, eighth round"): balanced rounds, on off off on
# in odd rounds and off on on off in even ones, so drift, leftover JIT and GC weigh on both arms alike; each round gives one
# paired difference, (its two on arms' mean) - (its two off arms'). Per arm over its measured window (after its warm-up):
# p50, throughput, the p50 of the calls that ran the recall stage and of those that did not, the CPU interpreter-svc and
# clarify-svc used per Interpret, that of every service (replica 0) and the embedded PostgreSQL together, clarify-svc's
# Remembers per Interpret. At the end: the median of the paired differences with their range (p50s and the whole-suite
# CPU), and interpreter-svc's WatchMemory lag (commit -> its set updated) over choices recorded then.
# Run it on a suite that is up and warm, with the same environment as bin/overtone (OVERTONE_HOME, OVERTONE_PORT_BASE):
#   bench/tools/memory_push.sh [ROUNDS (4)] [SECONDS (20)] [WARMUP_SECONDS (10)]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
ROUNDS=${1:-4} SECONDS_MEASURED=${2:-20} WARMUP=${3:-10}
ARMS=$(mktemp)  # round arm p50 recall-p50 recall-calls no-recall-p50
CPU=$(mktemp)   # round arm suite-CPU-ms-per-Interpret
HOME_DIR=${OVERTONE_HOME:-$ROOT/.overtone}
DATA=${DATA:-../shared/data/ambrosia-star/dev.gemma.jsonl}

# Replica 0's ports as the launcher gives them (it reads the services' own configuration): column 3 gRPC, 4 HTTP.
port_of() { bin/overtone status | awk -v s="$1" -v col="$2" '$1 == s && $2 == "0" {split($col, a, ":"); print a[2]}'; }
INTERPRETER_GRPC=$(port_of interpreter-svc 3) CLARIFY_GRPC=$(port_of clarify-svc 3)
INTERPRETER_HTTP=$(port_of interpreter-svc 4) CLARIFY_HTTP=$(port_of clarify-svc 4)

metrics() { curl -sf "http://localhost:$1/q/metrics"; }
# the sum of a counter's samples whose line matches every pattern given
count() { local port=$1; shift; metrics "$port" | grep -v '^#' | { local l=cat; for p in "$@"; do l="$l | grep -F -- '$p'"; done; eval "$l"; } \
  | awk '{s += $NF} END {printf "%.0f", s}'; }
# CPU ms of these PIDs, with their ended children's (a PostgreSQL backend that exits hands its time to the server); a
# PID gone by the time it is read counts 0
pid_cpu_ms() {
  local pid
  for pid in "$@"; do [[ -n $pid ]] && cat "/proc/$pid/stat" 2>/dev/null; done \
    | awk '{s += ($14 + $15 + $16 + $17) * 1000 / '"$(getconf CLK_TCK)"'} END {printf "%d", s + 0}'
}
# the service's replica 0 (the one bin/overtone status names; bench load calls it)
cpu_ms() { pid_cpu_ms "$(cat "$HOME_DIR/run/$1.pid" 2>/dev/null)"; }
# the embedded PostgreSQL: its server (postmaster.pid's first line, as bin/overtone reads it) and every backend of it
pg_cpu_ms() {
  local server; server=$(head -1 "$HOME_DIR/pg/postmaster.pid" 2>/dev/null || true)
  [[ -n $server ]] || { echo "memory_push: no $HOME_DIR/pg/postmaster.pid, PostgreSQL's CPU counts 0" >&2; echo 0; return; }
  pid_cpu_ms "$server" $(pgrep -P "$server" || true)
}
SUITE=(interpreter-svc clarify-svc executor-svc parser-svc infill-svc)
snapshot() {
  echo "$(cpu_ms interpreter-svc) $(cpu_ms clarify-svc) $(count "$INTERPRETER_HTTP" grpc_server_processing_duration_seconds_count InterpreterService 'nterpret"') \
$(count "$CLARIFY_HTTP" grpc_server_processing_duration_seconds_count 'method="Remembers"') \
$(($(for s in "${SUITE[@]}"; do printf '%s+' "$(cpu_ms "$s")"; done) $(pg_cpu_ms)))"
}

run() {
  local round=$1 label=$2; shift 2
  local err out; err=$(mktemp); out="$HOME_DIR/bench-memory-push/$label-$(date +%H%M%S)"
  bin/overtone bench load --no-start --data "$DATA" --data-share 0.8 --concurrency 16 --seconds "$SECONDS_MEASURED" \
    --warmup-seconds "$WARMUP" --interpreter "localhost:$INTERPRETER_GRPC" --clarify-svc "localhost:$CLARIFY_GRPC" \
    --out "$out" "$@" >"$err.out" 2>"$err" &
  local pid=$!
  until grep -q "bench: measuring" "$err" 2>/dev/null; do
    kill -0 $pid 2>/dev/null || { cat "$err" "$err.out"; exit 1; }
    sleep 0.2
  done
  read -r i0 c0 n0 r0 t0 <<<"$(snapshot)"
  wait $pid
  read -r i1 c1 n1 r1 t1 <<<"$(snapshot)"
  local n=$((n1 - n0))
  # the recall stage's split (none with --ignore-memory: every call is then a call without it)
  jq -r --arg r "$round" --arg l "$label" '[$r, $l, .p50_ms, (.p50_by_stage.recall.with.p50_ms // "-"),
      (.p50_by_stage.recall.with.calls // 0), (.p50_by_stage.recall.without.p50_ms // .p50_ms)] | @tsv' "$out/report.json" >>"$ARMS"
  printf '%s\t%s\t%s\n' "$round" "$label" "$(echo "($t1 - $t0) / $n" | bc -l)" >>"$CPU"
  printf '%s %-4s %s | recall calls p50 %s (%s), others %s | load %s | interpreter %.2f ms CPU/Interpret, clarify %.2f ms, all services and PostgreSQL %.2f ms, Remembers/Interpret %.3f (%d for %d)\n' \
    "$round" "$label" "$(grep -m1 '^throughput' "$err.out")" $(tail -1 "$ARMS" | cut -f4-6) "$(cut -d' ' -f1-3 /proc/loadavg)" \
    "$(echo "($i1 - $i0) / $n" | bc -l)" "$(echo "($c1 - $c0) / $n" | bc -l)" "$(echo "($t1 - $t0) / $n" | bc -l)" \
    "$(echo "($r1 - $r0) / $n" | bc -l)" $((r1 - r0)) $n
  rm -f "$err" "$err.out"
}

on() { run "$1" on; }
off() { run "$1" off --ignore-memory; }

for ((r = 1; r <= ROUNDS; r++)); do
  if ((r % 2)); then on $r; off $r; off $r; on $r; else off $r; on $r; on $r; off $r; fi
done

# Per round: (mean of its on arms) - (mean of its off arms), for the p50 of every call and of the calls without recall
python3 - "$ARMS" "$CPU" <<'PY'
import statistics, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
cpu = [l.rstrip("\n").split("\t") for l in open(sys.argv[2])]
def diffs(col, rows=rows):
    out = []
    for r in sorted({x[0] for x in rows}, key=int):
        on = [float(x[col]) for x in rows if x[0] == r and x[1] == "on"]
        off = [float(x[col]) for x in rows if x[0] == r and x[1] == "off"]
        out.append(statistics.mean(on) - statistics.mean(off))
    return out
for name, col in (("every call", 2), ("calls without recall", 5)):
    d = diffs(col)
    print(f"p50 on - off, {name}: median {statistics.median(d):+.2f} ms (rounds: {', '.join(f'{x:+.2f}' for x in d)}; "
          f"range {min(d):+.2f} .. {max(d):+.2f})")
d = diffs(2, cpu)
print(f"CPU per Interpret on - off, all services and PostgreSQL: median {statistics.median(d):+.3f} ms "
      f"(rounds: {', '.join(f'{x:+.3f}' for x in d)}; off arms' median {statistics.median(float(x[2]) for x in cpu if x[1] == 'off'):.2f} ms)")
rec = [float(x[3]) for x in rows if x[1] == "on" and x[3] != "-"]
calls = sum(int(x[4]) for x in rows if x[1] == "on")
off = [float(x[2]) for x in rows if x[1] == "off"]
if rec:
    print(f"p50 of the calls that ran recall (memory on): median over arms {statistics.median(rec):.2f} ms ({calls} calls);"
          f" every call with memory off {statistics.median(off):.2f} ms")
PY
rm -f "$ARMS" "$CPU"

# The window: choices recorded in fresh scopes (Choose, one every 200 ms) while interpreter-svc watches
java -cp "$ROOT/interpreter-svc/target/quarkus-app/app/*:$ROOT/interpreter-svc/target/quarkus-app/lib/main/*" "$ROOT/bench/tools/ChooseScopes.java" "$CLARIFY_GRPC" "${CHOICES:-50}"
echo "WatchMemory lag (commit -> interpreter set), seconds:"
metrics "$INTERPRETER_HTTP" | grep '^overtone_interpreter_memory_watch_lag_seconds' || echo "  (none pushed)"
