#!/bin/sh
# Issue 12: a candidate's fresh 200 against the yardstick and, only if it reaches 180 of its 200 points (a draw
# is half), its ladder's replay (trials26/run_ladder.sh), chained so that no session's time is lost between
# them. Below 180 the ladder is not played. Both parts resume from their records.
#   sh docs/ladder/fresh_then_ladder.sh FRESH 'RECORDS' LEVEL OUT [BUILD [LADDER_BUILD]]
# FRESH is the fresh run's script (it takes BUILD), RECORDS a pattern of its .jsonl files (quoted: expanded
# here), LEVEL the expert the ladder plays, OUT the folder of the ladder's records, BUILD a copy of the built
# tree to play from (default: this tree), LADDER_BUILD the one the ladder plays from (default: BUILD): a fresh
# run finishes on the code it began with, the ladder measures the code that ships. The trials' own
# run_*_then_ladder.sh call this with their values.
D=$(cd "$(dirname "$0")" && pwd)
fresh=$1 records=$2 level=$3 out=$4 build=$5 ladder_build=${6:-$5}
sh "$fresh" ${build:+"$build"} || exit 1
# shellcheck disable=SC2086  # RECORDS is a pattern, expanded on purpose
points=$(cat $records | python -c '
import json, sys
rows = [json.loads(line) for line in sys.stdin if line.strip()]
print(len(rows), sum(r["score"] for r in rows))')
set -- $points
games=$1 score=$2
echo "fresh: $score of $games"
[ "$games" -ge 200 ] || { echo "fresh 200 not complete or stopped below 180; the ladder waits"; exit 1; }
python -c "import sys; sys.exit(0 if float('$score') >= 180 else 1)" || { echo "below 180: no ladder"; exit 0; }
sh "$D/trials26/run_ladder.sh" "$level" "${ladder_build:-$D/../..}" "$out"
