#!/bin/sh
# Issue 12: the fresh 200 against the yardstick (run_fresh.sh, its rule unchanged) and, only if expert has at
# least 180 of its 200 points, the ladder's replay with the shipped expert (records in trials26/). It ended
# below 180 (178), so its ladder was never played.
#   sh docs/ladder/trials27/run_fresh_then_ladder.sh [BUILD]
D=$(cd "$(dirname "$0")" && pwd)
exec sh "$D/../fresh_then_ladder.sh" "$D/run_fresh.sh" "$D/fresh_seed2[2-6].jsonl" expert "$D/../trials26" "$@"
