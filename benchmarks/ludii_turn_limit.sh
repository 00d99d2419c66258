#!/usr/bin/env bash
# The `ludii` rulesets of the games with relay laps replayed in the real Ludii 1.3.13 at reduced limits, the
# end compared whole (benchmarks/ludii_turn_limit.txt holds what this printed and what it found).
#
# usage: benchmarks/ludii_turn_limit.sh OUTDIR [N] [SEED] [LIMITS] [GAME[:RULESET] ...]
#   OUTDIR  a scratch folder; N games a ruleset and limit (default 100); game g from seed SEED+g (default 510000);
#   LIMITS  space-separated TURNS:MOVES pairs, the engine's turn_limit (even: Ludii's setMaxTurns(TURNS/2), turns
#           a player) and move_limit (Ludii's setMaxMoveLimit); default "2:10000 6:10000 12:10000 30:10000
#           82:10000 2500:9 2500:40".
#   A RULESET written <ruleset>:switches plays its switch choices without naming the ruleset: the engine's
#   play before the turn limit's last turn followed Ludii's (benchmarks/ludii_replay_trace.py), for comparison.
# Needs Ludii built (../shared/ludii/README.md) in $LUDII_BUILD (default /work/ludii-build) and
# benchmarks/LudiiTwoRowReplay.java compiled into $LUDII_BUILD/$LUDII_DRV (default drv-wt51):
#   cd $LUDII_BUILD && CP="classes:Common/res:$(ls Common/lib/*.jar | grep -v -- -sources | tr '\n' ':')" \
#     && javac -nowarn -d drv-wt51 -cp "$CP" <worktree>/benchmarks/LudiiTwoRowReplay.java
# Run from the worktree (its .venv). Everything runs under nice.
set -euo pipefail

OUT=$(realpath -m "${1:?usage: $0 OUTDIR [N] [SEED] [LIMITS] [GAME[:RULESET] ...]}")
N=${2:-100}
SEED=${3:-510000}
LIMITS=${4:-"2:10000 6:10000 12:10000 30:10000 82:10000 2500:9 2500:40"}
shift $(( $# < 4 ? $# : 4 ))
BUILD=${LUDII_BUILD:-/work/ludii-build}
DRV=${LUDII_DRV:-drv-wt51}
WT=${VARIORUM_WORKTREE:-$(cd "$(dirname "$0")/.." && pwd)}
mkdir -p "$OUT"

# game  ruleset  .lud (resource path)  Ludii options ("-" none)  replay flag (the rows of ludii_replays.sh with relay laps)
ROWS=$(cat <<'EOF'
tap-urdy|ludii|/lud/board/sow/two_rows/Tap Urdy.lud|-|
lobudok|ludii|/lud/board/sow/four_rows/Lobudok.lud|-|plus
ryakati|ludii|/lud/board/sow/four_rows/Ryakati.lud|-|
tsoro|ludii|/lud/board/sow/four_rows/Tsoro.lud|Board Size/8|
tsoro-additional-capture|ludii|/lud/board/sow/four_rows/Tsoro (Additional Capture).lud|Board Size/8;Play Rules/3 extra captures|
tsoro-baia|ludii|/lud/board/sow/four_rows/Tsoro (Baia).lud|Board Size/13|
tsoro-reentered-captures|ludii|/lud/board/sow/four_rows/Tsoro (Reentered Captures).lud|Board Size/8|
misoro-tsoro|ludii|/lud/board/sow/four_rows/Misoro Tsoro.lud|Board Size/8;Start Rules/Misoro Choice|
misoro-tsoro|ludii-extra-counters|/lud/board/sow/four_rows/Misoro Tsoro.lud|Board Size/8;Start Rules/Fixed Misoro|
misoro-tsoro-additional-capture|ludii|/lud/board/sow/four_rows/Misoro Tsoro (Additional Capture).lud|Board Size/8;Start Rules/Misoro Choice;Play Rules/3 extra captures|
misoro-tsoro-additional-capture|ludii-extra-counters|/lud/board/sow/four_rows/Misoro Tsoro (Additional Capture).lud|Board Size/8;Start Rules/Fixed Misoro;Play Rules/3 extra captures|
musoro-tsoro|ludii|/lud/board/sow/four_rows/Musoro Tsoro.lud|Board Size/8|
msuwa|ludii|/lud/board/sow/four_rows/Msuwa.lud|Board Size/10|
msuwa-wa-kunja|ludii|/lud/board/sow/four_rows/Msuwa wa Kunja.lud|Board Size/10|
nsolo|ludii|/lud/board/sow/four_rows/Nsolo.lud|Board Size/10|
tshuba|ludii|/lud/board/sow/four_rows/Tshuba.lud|Board Size/4|
EOF
)

CP="$BUILD/$DRV:$BUILD/classes:$BUILD/Common/res:$(ls "$BUILD"/Common/lib/*.jar | grep -v -- -sources | tr '\n' ':')"
SELECT=("$@")
wanted() {  # is GAME:RULESET (or GAME) among the arguments (or are there none)?
  [ ${#SELECT[@]} -eq 0 ] && return 0
  for w in "${SELECT[@]}"; do
    [ "$w" = "$1" ] || [ "$w" = "$1:$2" ] && return 0
  done
  return 1
}

printf '%-32s %-30s %6s %6s %6s %9s %9s %s\n' game ruleset turns moves games identical departures "(endings variorum/ludii compared whole; departures by kind)"
while IFS='|' read -r game ruleset lud options flag; do
  for rs in "$ruleset" "$ruleset:switches"; do
    wanted "$game" "$rs" || continue
    tag="$game.${rs/:/-}"
    ( cd "$WT" && PYTHONPATH="$WT" nice -n 10 .venv/bin/python benchmarks/ludii_replay_trace.py "$game" "$rs" "$N" "$SEED" \
        "$OUT/$tag.jsonl" grid "${LIMITS// /,}" )
    ( cd "$BUILD" && nice -n 10 java -Xmx1g -cp "$CP" LudiiTwoRowReplay "$lud" "$options" "$OUT/$tag.jsonl" 5 $flag ) > "$OUT/$tag.log"
    # one row a limit: "limits T:M games G identical I endings compared whole (...) {..} departures {..}"
    grep '^limits ' "$OUT/$tag.log" | sed -E 's/^limits ([0-9]+):([0-9]+) games ([0-9]+) identical ([0-9]+) endings compared whole \(board, turns, end type\) (\{[^}]*\}) departures (\{[^}]*\})/\1 \2 \3 \4 \5 \6/' |
      while read -r turns moves g same ends departs; do
        printf '%-32s %-30s %6s %6s %6s %9s %9s %s\n' "$game" "$rs" "$turns" "$moves" "$g" "$same" "$((g - same))" "$ends $departs"
      done
  done
done <<< "$ROWS"
