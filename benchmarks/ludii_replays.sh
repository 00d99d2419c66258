#!/usr/bin/env bash
# Every game's Ludii rulesets (the sowing games and Tauru) replayed in the real Ludii 1.3.13, decision by decision
# (benchmarks/ludii_replays.txt holds the table this prints and what it found).
#
# usage: benchmarks/ludii_replays.sh OUTDIR [N] [SEED] [GAME[:RULESET] ...]
#   OUTDIR  a scratch folder (traces and Ludii's reports); N games a ruleset (default 1000);
#   SEED    game g is played from seed SEED+g (default 480000); GAMEs: all rows below when none.
# Needs Ludii built as ../shared/ludii/README.md says, in $LUDII_BUILD (default /work/ludii-build),
# and benchmarks/LudiiTwoRowReplay.java (the sowing games) and LudiiTauruReplay.java (Tauru) compiled
# into $LUDII_BUILD/$LUDII_DRV (default drv-wt48):
#   cd $LUDII_BUILD && CP="classes:Common/res:$(ls Common/lib/*.jar | grep -v -- -sources | tr '\n' ':')" \
#     && javac -nowarn -d drv-wt48 -cp "$CP" <worktree>/benchmarks/LudiiTwoRowReplay.java <worktree>/benchmarks/LudiiTauruReplay.java
# Run from the worktree (its .venv). Everything runs under nice.
set -euo pipefail

OUT=$(realpath -m "${1:?usage: $0 OUTDIR [N] [SEED] [GAME[:RULESET] ...]}")
N=${2:-1000}
SEED=${3:-480000}
shift $(( $# < 3 ? $# : 3 ))
BUILD=${LUDII_BUILD:-/work/ludii-build}
DRV=${LUDII_DRV:-drv-wt48}
WT=${VARIORUM_WORKTREE:-$(cd "$(dirname "$0")/.." && pwd)}
mkdir -p "$OUT"

# game  ruleset  layout  .lud (resource path)  Ludii options ("-" none)  replay flag  driver (LudiiTwoRowReplay if none)
ROWS=$(cat <<'EOF'
tap-urdy|ludii|grid|/lud/board/sow/two_rows/Tap Urdy.lud|-|
lobudok|ludii|grid|/lud/board/sow/four_rows/Lobudok.lud|-|plus
ryakati|ludii|grid|/lud/board/sow/four_rows/Ryakati.lud|-|
tsoro|ludii|grid|/lud/board/sow/four_rows/Tsoro.lud|Board Size/8|
tsoro-additional-capture|ludii|grid|/lud/board/sow/four_rows/Tsoro (Additional Capture).lud|Board Size/8;Play Rules/3 extra captures|
tsoro-baia|ludii|grid|/lud/board/sow/four_rows/Tsoro (Baia).lud|Board Size/13|
tsoro-reentered-captures|ludii|grid|/lud/board/sow/four_rows/Tsoro (Reentered Captures).lud|Board Size/8|
misoro-tsoro|ludii|grid|/lud/board/sow/four_rows/Misoro Tsoro.lud|Board Size/8;Start Rules/Misoro Choice|
misoro-tsoro|ludii-extra-counters|grid|/lud/board/sow/four_rows/Misoro Tsoro.lud|Board Size/8;Start Rules/Fixed Misoro|
misoro-tsoro-additional-capture|ludii|grid|/lud/board/sow/four_rows/Misoro Tsoro (Additional Capture).lud|Board Size/8;Start Rules/Misoro Choice;Play Rules/3 extra captures|
misoro-tsoro-additional-capture|ludii-extra-counters|grid|/lud/board/sow/four_rows/Misoro Tsoro (Additional Capture).lud|Board Size/8;Start Rules/Fixed Misoro;Play Rules/3 extra captures|
musoro-tsoro|ludii|grid|/lud/board/sow/four_rows/Musoro Tsoro.lud|Board Size/8|
msuwa|ludii|grid|/lud/board/sow/four_rows/Msuwa.lud|Board Size/10|
msuwa-wa-kunja|ludii|grid|/lud/board/sow/four_rows/Msuwa wa Kunja.lud|Board Size/10|
nsolo|ludii|grid|/lud/board/sow/four_rows/Nsolo.lud|Board Size/10|
tshuba|ludii|grid|/lud/board/sow/four_rows/Tshuba.lud|Board Size/4|
oware|ludii|stores|/lud/board/sow/two_rows/Oware.lud|Play Rules/No limit by hole;End Rules/No Piece|
kalah|ludii|stores-last|/lud/board/sow/two_rows/Kalah.lud|-|
toguz-kumalak|ludii|toguz|/lud/board/sow/two_rows/Toguz Kumalak.lud|-|
fondji|ludii|stores|/lud/board/sow/two_rows/Fondji.lud|-|
shono|ludii|stores|/lud/board/sow/two_rows/Shono.lud|-|
adidada|ludii|stores|/lud/board/sow/two_rows/Adidada.lud|-|
tauru|ludii|tauru|/lud/board/space/line/Tauru.lud|-||LudiiTauruReplay
EOF
)

CP="$BUILD/$DRV:$BUILD/classes:$BUILD/Common/res:$(ls "$BUILD"/Common/lib/*.jar | grep -v -- -sources | tr '\n' ':')"

wanted() {  # is GAME:RULESET among the arguments (or are there none)?
  [ ${#SELECT[@]} -eq 0 ] && return 0
  for w in "${SELECT[@]}"; do
    [ "$w" = "$1" ] || [ "$w" = "$1:$2" ] && return 0
  done
  return 1
}
SELECT=("$@")

printf '%-32s %-21s %-62s %6s %9s %9s %10s %s\n' game ruleset "Ludii options" games decisions identical departures "(limit stops: games both stopped at a turn or move limit)"
while IFS='|' read -r game ruleset layout lud options flag driver; do
  wanted "$game" "$ruleset" || continue
  tag="$game.$ruleset"
  ( cd "$WT" && PYTHONPATH="$WT" nice -n 10 .venv/bin/python benchmarks/ludii_replay_trace.py "$game" "$ruleset" "$N" "$SEED" "$OUT/$tag.jsonl" "$layout" )
  ( cd "$BUILD" && nice -n 10 java -Xmx1g -cp "$CP" "${driver:-LudiiTwoRowReplay}" "$lud" "$options" "$OUT/$tag.jsonl" 20 $flag ) > "$OUT/$tag.log"
  # one row of the table: game, ruleset, options, games, decisions, identical, departures, limit stops
  tail -1 "$OUT/$tag.log" | sed -E 's/^games ([0-9]+) identical ([0-9]+) \(of which both stopped at a limit ([0-9]+)\) mismatches (\{[^}]*\}); decisions ([0-9]+).*/\1 \5 \2 \3 \4/' | {
    read -r games decisions identical limit kinds
    printf '%-32s %-21s %-62s %6s %9s %9s %10s %s\n' "$game" "$ruleset" "$options" "$games" "$decisions" "$identical" \
      "$((games - identical))" "limit stops $limit; departures $kinds"
  }
done <<< "$ROWS"
