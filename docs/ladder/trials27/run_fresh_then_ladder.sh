#!/bin/sh
# Issue 12: the two measurements left, chained so that no session's time is lost between them. First the
# fresh 200 against the yardstick (run_fresh.sh, its rule unchanged); then, only if expert has at least 180
# of its 200 points (a draw is half), the ladder's replay with the shipped expert (trials26/run_ladder.sh).
# Below 180 the ladder is not played: expert needs more work first. Both parts resume from their records.
#   sh docs/ladder/trials27/run_fresh_then_ladder.sh [BUILD]
# BUILD is a copy of the built tree to play from (default: this tree), as in the two scripts it runs.
D=$(cd "$(dirname "$0")" && pwd)
sh "$D/run_fresh.sh" "$@" || exit 1
points=$(cat "$D"/fresh_seed2[2-6].jsonl | python -c '
import json, sys
rows = [json.loads(line) for line in sys.stdin if line.strip()]
print(len(rows), sum(r["score"] for r in rows))')
set -- $points "$@"
games=$1 score=$2
shift 2
echo "fresh: $score of $games"
[ "$games" -ge 200 ] || { echo "fresh 200 not complete; the ladder waits"; exit 1; }
python -c "import sys; sys.exit(0 if float('$score') >= 180 else 1)" || { echo "below 180: no ladder"; exit 0; }
sh "$D/../trials26/run_ladder.sh" expert "$@"
