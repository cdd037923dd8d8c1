#!/bin/sh
# Issue 12, thirty-fourth session: the candidate `expert,null:2,nodes:40000000` (the shipped expert with the null
# move and a node budget its 5 s cap binds on nearly every move, played from the build of commit 89fa6dc, whose
# search does about 1.35 times the nodes a CPU second of the last one: the square sets of state.pxd) against the
# yardstick on 200 fresh deals, seeds 37-41 (40 colour-swapped games each), none of which has dealt a game before.
# Rule set before the first game: 180 of the 200 or more and the candidate ships as expert, meeting the goal
# (>= 90% over >= 200 games); then the ladder is replayed with it (trials26/run_ladder.sh). Below 180 the goal is
# not met and the candidate does not ship. No other run is pooled in either way; every fresh run is reported.
# The run stops early once 21 points are lost (180 is then out of reach).
#   sh docs/ladder/trials30/run_fresh_fast.sh [BUILD]
D=$(cd "$(dirname "$0")" && pwd)
exec sh "$D/../fresh_run.sh" "$D" fresh_fast expert,null:2,nodes:40000000 37 "$@"
