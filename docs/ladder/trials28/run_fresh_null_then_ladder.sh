#!/bin/sh
# Issue 12: the candidate's fresh 200 and, only if it ships, its ladder, chained so that no session's time is
# lost between them. First run_fresh_null.sh (its rule unchanged); then, only if `expert,null:2` has at least
# 180 of its 200 points (a draw is half), the ladder's replay with it (trials26/run_ladder.sh, records in
# trials28/ladder/: expert-hard 200, expert-random and expert-greedy 300 each). Below 180 the ladder is not
# played. Shipping it (expert's `null` set to 2 in levels.py) is a commit of its own; the ladder plays the
# level string, which is that expert. Both parts resume from their records.
#   sh docs/ladder/trials28/run_fresh_null_then_ladder.sh [BUILD]
# BUILD is a copy of the built tree to play from (default: this tree), as in the two scripts it runs.
D=$(cd "$(dirname "$0")" && pwd)
sh "$D/run_fresh_null.sh" "$@" || exit 1
points=$(cat "$D"/fresh_null_seed3[2-6].jsonl | python -c '
import json, sys
rows = [json.loads(line) for line in sys.stdin if line.strip()]
print(len(rows), sum(r["score"] for r in rows))')
set -- $points "$@"
games=$1 score=$2
shift 2
echo "fresh: $score of $games"
[ "$games" -ge 200 ] || { echo "fresh 200 not complete or stopped below 180; the ladder waits"; exit 1; }
python -c "import sys; sys.exit(0 if float('$score') >= 180 else 1)" || { echo "below 180: no ladder"; exit 0; }
sh "$D/../trials26/run_ladder.sh" expert,null:2 "${1:-$D/../../..}" "$D/ladder"
