#!/bin/sh
# Issue 12, the shipping candidate: expert at 24M nodes on two threads with expert's own 5 s cap, on the
# 61 open deals and then the other 139 (screen_open.py), resuming each part from the games its .jsonl has.
#   sh docs/ladder/trials25/run_t24m.sh [BUILD]
# BUILD is a copy of the built tree to play from (default: this tree), so that rebuilding this one while
# the games run cannot change the player under them; the records always go to this tree's trials25/.
D=$(cd "$(dirname "$0")" && pwd)
cd "${1:-$D/../../..}" || exit 1
L=expert,nodes:24000000,threads:2
n=$(cat "$D/t24m_open.jsonl" 2>/dev/null | wc -l)
PYTHONPATH=. nice -n 5 python docs/ladder/trials17/screen_open.py $L "$D/t24m_open.jsonl" $n >> "$D/t24m_open.log" 2>&1
n=$(cat "$D/t24m_rest.jsonl" 2>/dev/null | wc -l)
PYTHONPATH=. nice -n 5 python docs/ladder/trials17/screen_open.py --rest $L "$D/t24m_rest.jsonl" $n >> "$D/t24m_rest.log" 2>&1
