#!/usr/bin/env bash
# Memory on against --ignore-memory on the load bench, interleaved on, off, on, off (bench/README, "Memory, fourth round").
# Per run over its measured window (after its warm-up): p50 and throughput (bench load's own line), the CPU
# interpreter-svc and clarify-svc used per Interpret, clarify-svc's Remembers per Interpret (the asks the push
# replaces), then interpreter-svc's WatchMemory lag (commit -> its set updated) over choices recorded at the end.
# Run it on a suite that is up and warm, with the same environment as bin/overtone (OVERTONE_HOME, OVERTONE_PORT_BASE):
#   bench/tools/memory_push.sh [ROUNDS (2)] [SECONDS (40)] [WARMUP_SECONDS (60)]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
ROUNDS=${1:-2} SECONDS_MEASURED=${2:-40} WARMUP=${3:-60}
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
cpu_ms() { awk '{printf "%d", ($14 + $15) * 1000 / '"$(getconf CLK_TCK)"'}' "/proc/$(cat "$HOME_DIR/run/$1.pid")/stat"; }
snapshot() {
  echo "$(cpu_ms interpreter-svc) $(cpu_ms clarify-svc) $(count "$INTERPRETER_HTTP" grpc_server_processing_duration_seconds_count InterpreterService 'nterpret"') \
$(count "$CLARIFY_HTTP" grpc_server_processing_duration_seconds_count 'method="Remembers"')"
}

run() {
  local label=$1; shift
  local err; err=$(mktemp)
  bin/overtone bench load --no-start --data "$DATA" --data-share 0.8 --concurrency 16 --seconds "$SECONDS_MEASURED" \
    --warmup-seconds "$WARMUP" --interpreter "localhost:$INTERPRETER_GRPC" --clarify-svc "localhost:$CLARIFY_GRPC" \
    --out "$HOME_DIR/bench-memory-push/$label-$(date +%H%M%S)" "$@" >"$err.out" 2>"$err" &
  local pid=$!
  until grep -q "bench: measuring" "$err" 2>/dev/null; do
    kill -0 $pid 2>/dev/null || { cat "$err" "$err.out"; exit 1; }
    sleep 0.2
  done
  read -r i0 c0 n0 r0 <<<"$(snapshot)"
  wait $pid
  read -r i1 c1 n1 r1 <<<"$(snapshot)"
  local n=$((n1 - n0))
  printf '%-4s %s | load %s | interpreter %.2f ms CPU/Interpret, clarify %.2f ms, Remembers/Interpret %.3f (%d for %d)\n' \
    "$label" "$(grep -m1 '^throughput' "$err.out")" "$(cut -d' ' -f1-3 /proc/loadavg)" \
    "$(echo "($i1 - $i0) / $n" | bc -l)" "$(echo "($c1 - $c0) / $n" | bc -l)" "$(echo "($r1 - $r0) / $n" | bc -l)" $((r1 - r0)) $n
  rm -f "$err" "$err.out"
}

for ((r = 1; r <= ROUNDS; r++)); do
  run on
  run off --ignore-memory
done

# The window: choices recorded in fresh scopes (Choose, one every 200 ms) while interpreter-svc watches
java -cp "$ROOT/interpreter-svc/target/quarkus-app/app/*:$ROOT/interpreter-svc/target/quarkus-app/lib/main/*" "$ROOT/bench/tools/ChooseScopes.java" "$CLARIFY_GRPC" "${CHOICES:-50}"
echo "WatchMemory lag (commit -> interpreter set), seconds:"
metrics "$INTERPRETER_HTTP" | grep '^overtone_interpreter_memory_watch_lag_seconds' || echo "  (none pushed)"
