#!/bin/sh
# Issue 12, thirty-second session: the candidate `expert,null:2` (the shipped expert, 24M nodes on two threads
# and its 5 s cap, with the null move: a pass searched two plies shallower that still fails high cuts the node)
# against the yardstick on 200 fresh deals, seeds 32-36 (40 colour-swapped games each), none of which has dealt
# a game before (seed 27 dealt the head-to-head that sent the candidate here).
# Rule set before the first game: 180 of the 200 or more and the candidate ships as expert, meeting the goal
# (>= 90% over >= 200 games); then the ladder is replayed with it (trials26/run_ladder.sh). Below 180 the goal is
# not met and the candidate does not ship. No other run is pooled in either way; every fresh run is reported.
# Each seed resumes from the games its .jsonl holds; the run stops early once 21 games are lost (180 is then
# out of reach).
#   sh docs/ladder/trials28/run_fresh_null.sh [BUILD]
# BUILD is a copy of the built tree to play from (default: this tree), so that rebuilding this one cannot
# change the players under the games; the records and logs always go to this tree's trials28/.
D=$(cd "$(dirname "$0")" && pwd)
cd "${1:-$D/../../..}" || exit 1
for s in 32 33 34 35 36; do
    lost=$(cat "$D"/fresh_null_seed*.jsonl 2>/dev/null | python -c '
import json, sys
print(sum(1 - json.loads(line)["score"] for line in sys.stdin if line.strip()))')
    python -c "import sys; sys.exit(0 if float('$lost') < 21 else 1)" || { echo "21 or more lost: below 180, stopped"; exit 0; }
    n=$(cat "$D/fresh_null_seed$s.jsonl" 2>/dev/null | wc -l)
    [ "$n" -ge 40 ] && continue
    PYTHONPATH=. nice -n 5 python -m towers_core.cli skirmish match --a expert,null:2 --b ismcts:iters=70000 \
        --games 40 --seed "$s" --record "$D/fresh_null_seed$s.jsonl" --skip "$n" >> "$D/fresh_null_seed$s.log" 2>&1
done
