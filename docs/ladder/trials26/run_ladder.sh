#!/bin/sh
# Issue 12: the ladder played again with a new expert (only once one has reached 180 of the 200 deals
# against the yardstick): expert-hard 200 games, expert-random and expert-greedy 300 each, one match at a
# time on both cores (expert may search on two threads), each resuming from the games its .jsonl holds.
#   sh docs/ladder/trials26/run_ladder.sh LEVEL [BUILD [OUT]]
# LEVEL is the expert to measure, e.g. expert,nodes:24000000,threads:2. BUILD is a copy of the built tree
# to play from (default: this tree), so that rebuilding this one cannot change the players under the
# games; the records and logs go to OUT (default: this tree's trials26/, which holds 11 expert-hard games
# of the 24M expert), so another expert's ladder starts from records of its own.
D=$(cd "$(dirname "$0")" && pwd)
L=${1:?the expert level to measure}
T=${2:-$D/../../..}
if [ -n "$3" ]; then mkdir -p "$3" && D=$(cd "$3" && pwd) || exit 1; fi
cd "$T" || exit 1
play() {  # B GAMES SEED NAME
    n=$(cat "$D/$4.jsonl" 2>/dev/null | wc -l)
    [ "$n" -ge "$2" ] && return 0
    PYTHONPATH=. nice -n 5 python -m towers_core.cli skirmish match --a "$L" --b "$1" --games "$2" --seed "$3" \
        --record "$D/$4.jsonl" --skip "$n" >> "$D/$4.log" 2>&1
}
play hard 200 1 expert_hard
play random 300 1 expert_random
play greedy 300 1 expert_greedy
