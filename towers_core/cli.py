"""`towers-cli`: headless tools. `bench` measures the engine; `match` and `bench-ai` the AI."""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time


def _time_playouts(starts: list, seed: int, seconds: float, resign: int) -> tuple[int, int, float]:
    """Random games in C from the given starts for about `seconds`: (games, plies, elapsed)."""
    from towers_core.rules import bench_playouts

    games = plies = i = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g, p = bench_playouts(10, seed * 7919 + i, starts[i % len(starts)], resign)
        games += g
        plies += p
        i += 1
    return games, plies, time.perf_counter() - t0


def _bench(args: argparse.Namespace) -> int:
    from towers_core import api, position
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="towers-cli", description="Towers engine and AI tools")
    sub = parser.add_subparsers(dest="command", required=True)
    bench = sub.add_parser("bench", help="random-game speed of the engine")
    bench.add_argument("--seconds", type=float, default=3.0)
    bench.add_argument("--seed", type=int, default=1)
    bench.set_defaults(run=_bench)
    try:
        from towers_core.ai import cli_ai
        cli_ai.add_commands(sub)
    except ImportError:
        pass
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
