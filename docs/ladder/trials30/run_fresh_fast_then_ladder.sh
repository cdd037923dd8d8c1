#!/bin/sh
# Issue 12: the candidate's fresh 200 (run_fresh_fast.sh, its rule unchanged) and, only if
# `expert,null:2,nodes:40000000` has at least 180 of its 200 points, its ladder (expert-hard 200, expert-random
# and expert-greedy 300 each, records in trials30/ladder/). Shipping it is a commit of its own.
#   sh docs/ladder/trials30/run_fresh_fast_then_ladder.sh [BUILD [LADDER_BUILD]]
# BUILD plays the fresh 200 (a tree at commit 697148f: the code it began with), LADDER_BUILD the ladder (main as
# it ships, with the clock cap on the whole move of commit 84d4e5d).
D=$(cd "$(dirname "$0")" && pwd)
exec sh "$D/../fresh_then_ladder.sh" "$D/run_fresh_fast.sh" "$D/fresh_fast_seed*.jsonl" expert,null:2,nodes:40000000 "$D/ladder" "$@"
