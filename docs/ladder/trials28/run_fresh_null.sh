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
exec sh "$D/../fresh_run.sh" "$D" fresh_null expert,null:2 32 "$@"
