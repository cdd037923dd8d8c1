"""`towers-cli skirmish bench|match|bench-ai`: engine speed, AI matches and AI speed."""

from __future__ import annotations

import argparse
import platform
import random
import time

from towers_core.skirmish import api, position
from towers_core.skirmish.ai.levels import LEVELS, get_level


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Register this game's subcommands under `towers-cli skirmish`."""
    bench = sub.add_parser("bench", help="random-game speed of the engine")
    bench.add_argument("--seconds", type=float, default=3.0)
    bench.add_argument("--seed", type=int, default=1)
    bench.set_defaults(run=_bench)
    m = sub.add_parser("match", help="play two AI levels (or random/greedy baselines) against each other")
    m.add_argument("--a", default="expert", help=f"level of A ({', '.join(LEVELS)}, depth:N, nodes:N) or ismcts[:iters=N|ms=N]")
    m.add_argument("--b", default="normal", help="level of B")
    m.add_argument("--games", type=int, default=200, help="games (rounded up to colour-swapped pairs)")
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--concurrency", type=int, default=1, help="games played in parallel processes")
    m.add_argument("--quiet", action="store_true", help="only the final figures")
    m.add_argument("--record", help="append each game (seed, moves, result) as a JSON line to this file")
    m.set_defaults(run=_match)
    b = sub.add_parser("bench-ai", help="search speed and depth on opening, middle and end positions")
    b.add_argument("--seconds", type=float, default=1.0, help="search time per position")
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--levels", default="easy,normal,hard,expert", help="levels to time per move ('' to skip)")
    b.set_defaults(run=_bench_ai)


def _time_playouts(starts: list, seed: int, seconds: float, resign: int) -> tuple[int, int, float]:
    """Random games in C from the given starts for about `seconds`: (games, plies, elapsed)."""
    from towers_core.skirmish.rules import bench_playouts

    games = plies = i = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g, p = bench_playouts(10, seed * 7919 + i, starts[i % len(starts)], resign)
        games += g
        plies += p
        i += 1
    return games, plies, time.perf_counter() - t0


def _bench(args: argparse.Namespace) -> int:
    starts = [position.to_engine(api.new_position(args.seed + i)) for i in range(8)]
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}, one core")
    for resign, label in ((1, "internal API"), (0, "  no resign ")):
        games, plies, dt = _time_playouts(starts, args.seed, args.seconds, resign)
        print(f"{label} : {plies / dt:12,.0f} plies/s  {games / dt:10,.1f} games/s  "
              f"({plies / max(games, 1):.0f} plies/game, {games} games)")
    rng = random.Random(args.seed)
    games = plies = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < args.seconds:
        pos = api.new_position(rng.randrange(1 << 30))
        while pos["result"] is None:
            pos = api.apply(pos, rng.choice(api.legal_actions(pos)))
            plies += 1
        games += 1
    dt = time.perf_counter() - t0
    print(f"JSON API     : {plies / dt:12,.0f} plies/s  {games / dt:10,.2f} games/s")
    return 0


def _match(args: argparse.Namespace) -> int:
    from towers_core.skirmish.ai.contenders import check
    from towers_core.skirmish.ai.match import match
    check(args.a), check(args.b)  # fail early on a typo
    games = args.games + args.games % 2
    print(f"match: {args.a} vs {args.b}, {games} games ({games // 2} colour-swapped pairs), "
          f"seed {args.seed}, concurrency {args.concurrency}", flush=True)
    t0 = time.perf_counter()
    r = match(args.a, args.b, games, args.seed, args.concurrency,
              report=(lambda s: None) if args.quiet else (lambda s: print(s, flush=True)), record=args.record)
    dt = time.perf_counter() - t0
    print(f"{r['a']} vs {r['b']}: W {r['wins']}  D {r['draws']}  L {r['losses']}  "
          f"score {100 * r['score']:.1f}%  mean {r['mean_plies']:.0f} plies  {dt:.0f} s")
    (ma, xa), (mb, xb) = r["think_a"], r["think_b"]
    print(f"time per move: {r['a']} mean {ma:.2f} s, longest {xa:.2f} s; {r['b']} mean {mb:.2f} s, longest {xb:.2f} s")
    print(f"Elo difference {r['elo']:+.0f}  (95% interval {r['elo_lo']:+.0f} .. {r['elo_hi']:+.0f})")
    print(f"SUMMARY {r['a']} vs {r['b']}: {r['elo']:+.0f} Elo [{r['elo_lo']:+.0f}, {r['elo_hi']:+.0f}], "
          f"W/D/L {r['wins']}/{r['draws']}/{r['losses']} of {r['games']} games, seed {args.seed}")
    return 0


def bench_positions(seed: int) -> list[tuple[str, dict, list[dict]]]:
    """(label, view, history) for an opening, a middle game and an ending of greedy self-play games."""
    from towers_core.skirmish.ai.player import choose_action, choose_muster
    out = []
    for g in range(2):
        s = seed * 101 + g
        pos = api.new_position(s, {"S": choose_muster("expert", s), "N": choose_muster("normal", s + 1)})
        history: dict[str, list[dict]] = {"S": [], "N": []}
        snaps = []
        while pos["result"] is None and pos["actions"] < 120:
            me = pos["to_move"]
            view = position.view(pos, me)
            snaps.append((view, list(history[me])))
            action = choose_action(view, history[me], "greedy", s + pos["actions"])
            pos, entry = api.play(pos, action, rng_seed=s + pos["actions"])
            for side in ("S", "N"):
                history[side].append({"action": api.entry_view(entry, side)["action"], "pulls": {},
                                      "view": position.view(pos, side)})
        for label, at in (("opening", 4), ("middle", len(snaps) // 2), ("end", len(snaps) - 2)):
            view, hist = snaps[max(0, min(at, len(snaps) - 1))]
            out.append((f"{label}-{g + 1} (ply {view['actions']})", view, hist))
    return out


def _bench_ai(args: argparse.Namespace) -> int:
    from towers_core.skirmish.ai import determinize
    from towers_core.skirmish.ai.player import choose_action
    from towers_core.skirmish.ai.search import Search
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}, one core")
    positions = bench_positions(args.seed)
    worlds = LEVELS["expert"].worlds
    total_nodes = total_time = 0.0
    print(f"search for {args.seconds:g} s per position ({worlds} worlds, expert settings):")
    for label, view, hist in positions:
        search = Search(20)
        search.set_worlds(determinize.worlds(view, hist, worlds, args.seed))
        search.configure(max_depth=40, time_ms=int(args.seconds * 1000))
        t0 = time.perf_counter()
        info = search.run()
        dt = time.perf_counter() - t0
        total_nodes += info["nodes"]
        total_time += dt
        print(f"  {label:<20} depth {info['depth']:>2}  {info['nodes']:>9,} nodes  {info['nodes'] / dt:>10,.0f} nodes/s")
    print(f"  overall: {total_nodes / total_time:,.0f} nodes/s")
    levels = [lv for lv in args.levels.split(",") if lv]
    if levels:
        print("time per move (s), mean / max over the positions:")
    for lv in levels:
        times = []
        for _, view, hist in positions:
            t0 = time.perf_counter()
            choose_action(view, hist, lv, args.seed)
            times.append(time.perf_counter() - t0)
        print(f"  {lv:<8} {sum(times) / len(times):6.2f} / {max(times):6.2f}")
    return 0
