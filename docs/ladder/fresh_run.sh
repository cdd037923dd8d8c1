#!/bin/sh
# Issue 12: a candidate against the yardstick (`ismcts:iters=70000`) on five fresh seeds, 40 colour-swapped
# games each, resuming each seed from the games its .jsonl holds, and stopping once 21 points are lost (180 of
# the 200 is then out of reach): checked before each seed and, while a seed plays, after each game's record
# (within 15 s), so a run that can no longer reach 180 frees the cores at once. The rule that decides what the
# run means is written in the calling trial's script, before its first game.
#   sh docs/ladder/fresh_run.sh OUT PREFIX LEVEL FIRST_SEED [BUILD]
# OUT is the folder of the records (OUT/PREFIX_seedS.jsonl and .log), LEVEL the candidate's level string,
# FIRST_SEED the first of the five seeds, BUILD a copy of the built tree to play from (default: this tree), so
# that rebuilding this one cannot change the players under the games.
D=$(cd "$(dirname "$0")" && pwd)
out=$1 prefix=$2 level=$3 first=$4
cd "${5:-$D/../..}" || exit 1
out_of_reach() {  # 21 or more points lost over the run's records so far
    cat "$out/${prefix}"_seed*.jsonl 2>/dev/null | python -c '
import json, sys
sys.exit(0 if sum(1 - json.loads(line)["score"] for line in sys.stdin if line.strip()) >= 21 else 1)'
}
for s in $(seq "$first" $((first + 4))); do
    out_of_reach && { echo "21 or more lost: below 180, stopped"; exit 0; }
    n=$(cat "$out/${prefix}_seed$s.jsonl" 2>/dev/null | wc -l)
    [ "$n" -ge 40 ] && continue
    PYTHONPATH=. nice -n 5 python -m towers_core.cli skirmish match --a "$level" --b ismcts:iters=70000 \
        --games 40 --seed "$s" --record "$out/${prefix}_seed$s.jsonl" --skip "$n" >> "$out/${prefix}_seed$s.log" 2>&1 &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        sleep 15
        if out_of_reach; then
            kill "$pid" 2>/dev/null
            wait "$pid"
            echo "21 or more lost: below 180, stopped during seed $s"
            exit 0
        fi
    done
    wait "$pid"
done
