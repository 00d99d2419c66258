#!/bin/bash
# Cold start on a fresh clone: `git clone` -> first page -> first play answer of each game -> comparisons baked,
# then SIGTERM and a count of what is left running. The install is excluded: the clone runs with this checkout's
# virtual environment (PYTHONPATH points at the clone, whose numba cache is empty).
# Usage, from the repository root: bash benchmarks/coldstart.sh [PORT] > benchmarks/coldstart.txt
PORT=${1:-8814}
PY=$(pwd)/.venv/bin/python
BRANCH=$(git rev-parse --abbrev-ref HEAD)
FRESH=$(mktemp -d)/variorum
t0=$(date +%s.%N)
el() { echo "$(date +%s.%N) - $t0" | bc; }
echo "# bash benchmarks/coldstart.sh $PORT   ($(git rev-parse --short HEAD), load average $(cut -d' ' -f1-3 /proc/loadavg))"
git clone -q --branch "$BRANCH" "$(pwd)" "$FRESH"
echo "cloned: $(el) s"
cd "$FRESH" || exit 1
PYTHONPATH="$FRESH" "$PY" -m engine.cli serve --port "$PORT" > "$FRESH/serve.log" 2>&1 &
SERVE=$!
until curl -sf -o /dev/null "http://127.0.0.1:$PORT/games/tap-urdy"; do sleep 0.2; done
echo "first page /games/tap-urdy: $(el) s"
declare -A answered
while [ ${#answered[@]} -lt 4 ]; do
  for g in tap-urdy tauru tsoro-additional-capture lobudok; do
    [ -n "${answered[$g]}" ] && continue
    if [ "$(curl -s -o /dev/null -w "%{http_code}" --max-time 120 "http://127.0.0.1:$PORT/-/play/$g.json")" = 200 ]; then
      answered[$g]=1; echo "first play answer $g (polled one game after another): $(el) s"
    fi
  done
  sleep 0.5
done
curl -s "http://127.0.0.1:$PORT/-/play.json" | "$PY" -c "import json,sys; k=json.load(sys.stdin)['kernels']; print('kernels ready (s after the server started):', {g: round(v['seconds']) for g, v in k.items()})"
until curl -sf -o /dev/null "http://127.0.0.1:$PORT/results/compare_runs.json"; do sleep 2; done
echo "results served: $(el) s"
kill -TERM $SERVE; wait $SERVE
sleep 3
grep -E "ready|baked" "$FRESH/serve.log"
echo "processes left running after SIGTERM: $(ps -eo args | grep -F -- "$FRESH" | grep -vc grep)"
