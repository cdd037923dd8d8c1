"""`towers-cli gauntlet bench-ai`: the AI's time per whole turn (every action of one side's turn,
each a fresh plan), per level, on turns spread over a few greedy-vs-greedy Draft battles."""

from __future__ import annotations

import time

from towers_core.checks import whole_number
from towers_core.errors import BadLevel
from towers_core.gauntlet import api
from towers_core.gauntlet.ai.levels import get_level
from towers_core.gauntlet.ai.match import MAX_ACTIONS, battle_start
from towers_core.gauntlet.ai.player import choose_action


def sample_turns(seed: int, battles: int, turns: int) -> list[tuple[dict, dict]]:
    """(position, logs) at the start of `turns` turns of each of `battles` greedy battles."""
    out = []
    for b in range(battles):
        pos, _ = battle_start(seed * 101 + b)
        logs: dict[str, list] = {"C": [], "G": []}
        starts = []
        n = 0
        while pos["result"] is None and n < MAX_ACTIONS:
            if n == 0 or pos["turn"] != starts[-1][0]["turn"]:
                starts.append((pos, {s: list(x) for s, x in logs.items()}))
            me = pos["to_move"]
            action = choose_action(api.view(pos, me), logs[me], "greedy", seed + n)
            for side in "CG":
                logs[side] += api.log_view(pos, action, side)
            pos = api.apply(pos, action)
            n += 1
        step = max(1, len(starts) // turns)
        out += starts[2::step][:turns]     # past both placements
    return out


def time_turn(pos: dict, logs: dict, level: str, seed: int) -> tuple[float, int]:
    """Seconds the AI takes for the whole turn from `pos`, and the actions it played."""
    me = pos["to_move"]
    log = list(logs[me])
    total = 0.0
    n = 0
    while pos["result"] is None and pos["to_move"] == me:
        t0 = time.perf_counter()
        action = choose_action(api.view(pos, me), log, level, seed + n)
        total += time.perf_counter() - t0
        log += api.log_view(pos, action, me)
        pos = api.apply(pos, action)
        n += 1
    return total, n


def bench_ai(seed: int, battles: int, turns: int, levels: list[str]) -> int:
    """Print the mean and longest time per whole turn of each level."""
    battles = whole_number(battles, "--battles", 1, 100, BadLevel)
    turns = whole_number(turns, "--turns", 1, 1000, BadLevel)
    for lv in levels:
        get_level(lv)
    sample = sample_turns(seed, battles, turns)
    print(f"time per whole turn (s) over {len(sample)} turns of {battles} greedy battles: mean / longest, "
          f"actions per turn")
    for lv in levels:
        times, acts = [], 0
        for pos, logs in sample:
            dt, n = time_turn(pos, logs, lv, seed)
            times.append(dt)
            acts += n
        print(f"  {lv:<8} {sum(times) / len(times):7.3f} / {max(times):7.3f}   {acts / len(sample):.1f}",
              flush=True)
    return 0
