"""`towers-cli`: headless tools. `bench` measures the engine; `match` and `bench-ai` the AI."""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time


def _bench(args: argparse.Namespace) -> int:
    from towers_core import api, position
    from towers_core.rules import bench_playouts

    starts = [position.to_engine(api.new_position(args.seed + i)) for i in range(8)]
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}, one core")
    games = plies = 0
    t0 = time.perf_counter()
    i = 0
    while time.perf_counter() - t0 < args.seconds:
        g, p = bench_playouts(10, args.seed * 7919 + i, starts[i % len(starts)])
        games += g
        plies += p
        i += 1
    dt = time.perf_counter() - t0
    print(f"internal API : {plies / dt:12,.0f} plies/s  {games / dt:10,.1f} games/s  "
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
