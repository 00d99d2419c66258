#!/bin/bash
# Nine Men's Morris and Six Men's Morris against the real Ludii (benchmarks/ludii_morris.txt): for each
# `ludii` ruleset, 1000 of Variorum's random games replayed in Ludii decision by decision (mover, board,
# pieces in hand, legal moves, result: benchmarks/ludii_alignment_trace.py and
# benchmarks/LudiiAlignmentReplay.java, compiled into $LUDII_BUILD/$DRV:
#   javac -d $DRV -cp "$CP" benchmarks/LudiiAlignmentReplay.java).
# Ludii numbers the vertices of (concentric Square rings:N) row by row from the bottom, left to right:
# the machine's point order (a1, d1, g1, b2, ...), so the keys and boards need no mapping.
# usage: [LUDII_BUILD=/work/ludii-build] [DRV=drv-wt54] [OUT=folder] [N=1000] bash benchmarks/ludii_morris.sh
set -u
WT=$(cd "$(dirname "$0")/.." && pwd); L=${LUDII_BUILD:-/work/ludii-build}; OUT=${OUT:-/tmp/ludii-morris}; N=${N:-1000}
mkdir -p $OUT
cd $L; CP="drv:classes:Common/res:$(ls Common/lib/*.jar | grep -v -- -sources | tr '\n' ':')"
for spec in "nine-mens-morris|ludii|Nine Men's Morris|-" "six-mens-morris|ludii|Six Men's Morris|Play Rules/Any Capture" \
            "six-mens-morris|ludii-cyningstan|Six Men's Morris|Play Rules/Restriction on Capture"; do
  IFS='|' read g r f o <<< "$spec"
  cd $WT && nice .venv/bin/python benchmarks/ludii_alignment_trace.py $g $r $N 1 $OUT/$g.$r.jsonl
  cd $L && echo "== replay $g $r: java -cp ${DRV:-drv-wt54}:\$CP LudiiAlignmentReplay \"/lud/board/space/line/$f.lud\" \"$o\" $g.$r.jsonl" >> $OUT/log.txt
  java -cp ${DRV:-drv-wt54}:$CP LudiiAlignmentReplay "/lud/board/space/line/$f.lud" "$o" $OUT/$g.$r.jsonl 3 >> $OUT/log.txt 2>&1
done
echo finished >> $OUT/log.txt
