"""`towers-cli skirmish bench|match|bench-ai`: engine speed, AI matches and AI speed."""

from __future__ import annotations

import argparse
import time

from towers_core.cli import add_ai_commands, machine, print_json_api_speed, run_match
from towers_core.skirmish import api, position
from towers_core.skirmish.ai import contenders
from towers_core.skirmish.ai.levels import LEVELS

__all__ = ["add_commands", "get_level"]  # get_level: towers_core.cli checks level options with it


def get_level(name: str) -> None:
    """A level, or the IS-MCTS yardstick's name a match may field (ai/contenders.py)."""
    contenders.check(name)

def add_commands(sub: argparse._SubParsersAction) -> None:
    """Register this game's subcommands under `towers-cli skirmish`."""
    add_ai_commands(sub, [*LEVELS, "ismcts[:iters=N|ms=N]", "expert,race:40 (a level, other weights)",
                    "expert,muster:lancers_archers (other musters)"], 200,
                    _bench, _match, _bench_ai)


def _time_playouts(starts: list, seed: int, seconds: float, resign: int) -> tuple[int, int, float, float]:
    """Random games in C from the given starts for about `seconds`: (games, plies, elapsed, CPU
    seconds: the fair figure on a busy machine)."""
    from towers_core.skirmish.rules import bench_playouts

    games = plies = i = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        g, p = bench_playouts(10, seed * 7919 + i, starts[i % len(starts)], resign)
        games += g
        plies += p
        i += 1
    return games, plies, time.perf_counter() - t0, time.process_time() - c0


def _bench(args: argparse.Namespace) -> int:
    starts = [position.to_engine(api.new_position(args.seed + i)) for i in range(8)]
    print(machine())
    for resign, label in ((1, "internal API"), (0, "  no resign ")):
        games, plies, dt, cpu = _time_playouts(starts, args.seed, args.seconds, resign)
        print(f"{label} : {plies / dt:12,.0f} plies/s  {games / dt:10,.1f} games/s  "
              f"({plies / max(games, 1):.0f} plies/game, {games} games)")
        print(f"  per CPU second (fair on a busy machine): {plies / max(cpu, 1e-9):,.0f} plies/s")
    print_json_api_speed(lambda rng: api.new_position(rng.randrange(1 << 30)), api, args.seconds, args.seed)
    return 0


def _match(args: argparse.Namespace) -> int:
    from towers_core.skirmish.ai.match import match

    return run_match(args, match)


def bench_positions(seed: int) -> list[tuple[str, dict, list[dict]]]:
    """(label, view, history) for an opening, a middle game and an ending of greedy self-play games."""
    out = []
    for g in range(2):
        s = seed * 101 + g
        pos = api.new_position(s, {"S": api.choose_muster("expert", s), "N": api.choose_muster("normal", s + 1)})
        history: dict[str, list[dict]] = {"S": [], "N": []}
        snaps = []
        while pos["result"] is None and pos["actions"] < 120:
            me = pos["to_move"]
            view = api.view(pos, me)
            snaps.append((view, list(history[me])))
            action = api.choose_action(view, history[me], "greedy", s + pos["actions"])
            pos, (entry,) = api.play(pos, action, rng_seed=s + pos["actions"])
            for side in ("S", "N"):
                history[side].append(api.history_entry(entry, pos, side))
        for label, at in (("opening", 4), ("middle", len(snaps) // 2), ("end", len(snaps) - 2)):
            view, hist = snaps[max(0, min(at, len(snaps) - 1))]
            out.append((f"{label}-{g + 1} (ply {view['actions']})", view, hist))
    return out


BENCH_DEPTH = 4   # bench-ai also counts the nodes a full search to this depth takes (load-independent)


def _bench_ai(args: argparse.Namespace) -> int:
    from towers_core.skirmish.ai import determinize
    from towers_core.skirmish.ai.search import Search
    print(machine())
    positions = bench_positions(args.seed)
    worlds = LEVELS["expert"].worlds
    total_nodes = total_time = 0.0
    print(f"search for {args.seconds:g} s per position ({worlds} worlds, expert settings):")
    for label, view, hist in positions:
        search = Search(20)
        search.set_worlds(determinize.worlds(view, hist, worlds, args.seed))
        search.configure(max_depth=40, time_ms=max(1, int(args.seconds * 1000)))
        t0 = time.perf_counter()
        info = search.run()
        dt = time.perf_counter() - t0
        total_nodes += info["nodes"]
        total_time += dt
        search.configure(max_depth=BENCH_DEPTH)   # a count of work, the same on any machine
        fixed = search.run()
        print(f"  {label:<20} depth {info['depth']:>2}  {info['nodes']:>9,} nodes  "
              f"{info['nodes'] / dt:>10,.0f} nodes/s   depth {fixed['depth']} in {fixed['nodes']:>9,} nodes")
    print(f"  overall: {total_nodes / total_time:,.0f} nodes/s")
    levels = [lv for lv in args.levels.split(",") if lv]
    if levels:
        print("time per move (s), mean / max over the positions:")
    for lv in levels:
        times = []
        for _, view, hist in positions:
            t0 = time.perf_counter()
            api.choose_action(view, hist, lv, args.seed)
            times.append(time.perf_counter() - t0)
        print(f"  {lv:<8} {sum(times) / len(times):6.2f} / {max(times):6.2f}")
    return 0
