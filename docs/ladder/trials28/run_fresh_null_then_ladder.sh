#!/bin/sh
# Issue 12: the candidate's fresh 200 (run_fresh_null.sh, its rule unchanged) and, only if `expert,null:2` has
# at least 180 of its 200 points, its ladder (expert-hard 200, expert-random and expert-greedy 300 each, records
# in trials28/ladder/). Shipping it (expert's `null` set to 2 in levels.py) is a commit of its own; the ladder
# plays the level string, which is that expert.
#   sh docs/ladder/trials28/run_fresh_null_then_ladder.sh [BUILD]
D=$(cd "$(dirname "$0")" && pwd)
exec sh "$D/../fresh_then_ladder.sh" "$D/run_fresh_null.sh" "$D/fresh_null_seed3[2-6].jsonl" expert,null:2 "$D/ladder" "$@"
