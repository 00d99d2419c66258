#!/bin/bash
# The alignment games that joined in issue 30 against the real Ludii (benchmarks/ludii_alignment-games.txt):
# for each `ludii` ruleset (and Dara's option Niger), 1000 of Variorum's random games replayed in Ludii
# decision by decision (benchmarks/LudiiAlignmentReplay.java, compiled into $LUDII_BUILD/$DRV:
#   javac -d $DRV -cp "$CP" benchmarks/LudiiAlignmentReplay.java), and 1000 random playouts of each
# side by side (../shared/ludii/LudiiStats.java, benchmarks/ludii_stats.py).
# usage: [LUDII_BUILD=/work/ludii-build] [DRV=drv-wt45] [OUT=folder] bash benchmarks/ludii_alignment_games.sh [SPEC ...]
# (SPEC: "game|ruleset|Ludii file name|Ludii options or -"; without any, the games listed below)
set -u
WT=$(cd "$(dirname "$0")/.." && pwd); L=${LUDII_BUILD:-/work/ludii-build}; OUT=${OUT:-/tmp/ludii-alignment-games}
mkdir -p $OUT
cd $L; CP="drv:classes:Common/res:$(ls Common/lib/*.jar | grep -v -- -sources | tr '\n' ':')"
SPECS=("$@")
[ ${#SPECS[@]} -gt 0 ] || SPECS=("dara|ludii|Dara|-" "dara|ludii-niger|Dara|Rules/Niger" "dra|ludii|Dra|-"
  "wari-alignment|ludii|Wari (Alignment)|-" "bolotudu|ludii|Bolotudu|-" "aqrad|ludii|Aqrad|-"
  "achi|ludii|Achi|-" "triodi|ludii|Triodi|-" "triodi|ludii-diagonal|Triodi (Diagonal)|-")
for spec in "${SPECS[@]}"; do
  IFS='|' read g r f o <<< "$spec"
  cd $WT && nice .venv/bin/python benchmarks/ludii_alignment_trace.py $g $r 1000 1 $OUT/$g.$r.jsonl
  cd $L && echo "== replay $g $r: java -cp ${DRV:-drv-wt45}:\$CP LudiiAlignmentReplay \"/lud/board/space/line/$f.lud\" $o $g.$r.jsonl" >> $OUT/log.txt
  java -cp ${DRV:-drv-wt45}:$CP LudiiAlignmentReplay "/lud/board/space/line/$f.lud" "$o" $OUT/$g.$r.jsonl 3 >> $OUT/log.txt 2>&1
  if [ ! -f $OUT/$g.$r.csv ]; then java -cp "$CP" LudiiStats "/lud/board/space/line/$f.lud" "$o" 1000 1 2 $OUT/$g.$r.csv mixed > /dev/null 2>&1; fi
  cd $WT && echo "== stats $g $r" >> $OUT/log.txt && nice .venv/bin/python benchmarks/ludii_stats.py $g $r 1000 1 $OUT/$g.$r.csv >> $OUT/log.txt 2>&1
done
echo finished >> $OUT/log.txt
