"""`towers-cli castles bench|match|bench-ai`: engine speed, AI matches and AI speed."""

from __future__ import annotations

import argparse
import time

from towers_core.cli import add_ai_commands, machine, print_json_api_speed, run_match
from towers_core.castles import api, position
from towers_core.castles.ai.levels import LEVELS, get_level

__all__ = ["add_commands", "get_level"]  # get_level: towers_core.cli checks level options with it


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Register this game's subcommands under `towers-cli castles`."""
    add_ai_commands(sub, list(LEVELS), 40, _bench, _match, _bench_ai)


def _bench(args: argparse.Namespace) -> int:
    from towers_core.castles.rules import bench_playouts

    start = position.to_engine(api.new_position())
    print(machine())
    games = plies = i = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < args.seconds:
        g, p = bench_playouts(50, args.seed * 7919 + i, start)
        games, plies, i = games + g, plies + p, i + 1
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"internal API : {plies / dt:12,.0f} plies/s  {games / dt:10,.1f} games/s  "
          f"({plies / max(games, 1):.0f} plies/game, {games} games)")
    print(f"  per CPU second (fair on a busy machine): {plies / max(cpu, 1e-9):,.0f} plies/s")
    print_json_api_speed(lambda rng: api.new_position(), api, min(args.seconds, 2.0), args.seed)
    return 0


def _match(args: argparse.Namespace) -> int:
    from towers_core.castles.ai.match import match

    return run_match(args, match)


def bench_positions(seed: int) -> list[tuple[str, dict]]:
    """(label, position) for openings, middle games and late middle games of greedy-vs-easy games."""
    from towers_core.castles.ai.match import opening

    out = []
    for g in range(2):
        pos = opening(seed * 101 + g)
        snaps = []
        while pos["result"] is None:
            snaps.append(pos)
            level = "greedy" if pos["ply"] % 2 else "easy"
            pos = api.apply(pos, api.choose_action(pos, [], level, seed + pos["ply"]))
        for label, at in (("opening", 0), ("middle", len(snaps) // 2), ("late", 3 * len(snaps) // 4)):
            p = snaps[max(0, min(at, len(snaps) - 1))]
            out.append((f"{label}-{g + 1} (ply {p['ply']})", p))
    return out


def _bench_ai(args: argparse.Namespace) -> int:
    from towers_core.castles.ai.search import Search

    print(machine())
    positions = bench_positions(args.seed)
    total_nodes = total_time = total_cpu = 0.0
    print(f"search for {args.seconds:g} s per position:")
    for label, pos in positions:
        search = Search(20)
        search.set_position(position.to_engine(pos))
        search.configure(max_depth=40, time_ms=int(args.seconds * 1000))
        t0, c0 = time.perf_counter(), time.process_time()
        info = search.run()
        dt = time.perf_counter() - t0
        total_nodes += info["nodes"]
        total_time += dt
        total_cpu += time.process_time() - c0
        print(f"  {label:<20} depth {info['depth']:>2}  {info['nodes']:>10,} nodes  "
              f"{info['nodes'] / dt:>11,.0f} nodes/s")
    print(f"  overall: {total_nodes / total_time:,.0f} nodes/s "
          f"({total_nodes / max(total_cpu, 1e-9):,.0f} per CPU second, fair on a busy machine)")
    levels = [lv for lv in args.levels.split(",") if lv]
    if levels:
        print("time per move (s), mean / max over the positions:")
    for lv in levels:
        times = []
        for _, pos in positions:
            t0 = time.perf_counter()
            api.choose_action(pos, [], lv, args.seed)
            times.append(time.perf_counter() - t0)
        print(f"  {lv:<8} {sum(times) / len(times):6.3f} / {max(times):6.3f}")
    return 0
