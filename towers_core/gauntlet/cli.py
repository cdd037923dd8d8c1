"""`towers-cli gauntlet bench`: random battles between random legal armies, actions per second
of the C engine (legal lists on the mover's view + apply, nogil, one core); `--reference`
also times the pure-Python reference engine the C one is tested against."""

from __future__ import annotations

import argparse
import random
import time

from towers_core.cli import machine
from towers_core.gauntlet import gen
from towers_core.gauntlet.engine import play_full
from towers_core.gauntlet.position import clone, raw_view
from towers_core.gauntlet.randomplay import pick, random_start


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Register this game's subcommands under `towers-cli gauntlet`."""
    bench = sub.add_parser("bench", help="random-battle speed of the engine (one core)")
    bench.add_argument("--seconds", type=float, default=3.0)
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--max-actions", type=int, default=400, help="actions per battle at most")
    bench.add_argument("--reference", action="store_true", help="also time the Python reference")
    bench.set_defaults(run=_bench)
    from towers_core.online.cli import add_commands as add_online
    add_online(sub)


def random_battle(rng: random.Random, max_actions: int) -> int:
    """One random battle through the Python reference (legal list on the view, then play)."""
    pos = random_start(rng)
    n = 0
    while n < max_actions and pos["result"] is None:
        acts = gen.all_actions(raw_view(pos, pos["to_move"]))
        pos, _ = play_full(clone(pos), pick(rng, acts))
        n += 1
    return n


def _bench(args: argparse.Namespace) -> int:
    from towers_core.gauntlet.cengine import bench

    print(machine())
    actions, battles, dt, core = bench(args.seconds, args.seed, args.max_actions)
    print(f"C engine (nogil generation + apply): {actions / dt:10,.0f} actions/s  "
          f"{battles / dt:8,.2f} battles/s  ({actions} actions, {battles} battles; "
          f"{actions / core:,.0f} actions/s inside the C loop, the rest is making random armies)")
    if args.reference:
        rng = random.Random(args.seed)
        battles = actions = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < args.seconds:
            actions += random_battle(rng, args.max_actions)
            battles += 1
        dt = time.perf_counter() - t0
        print(f"Python reference:                    {actions / dt:10,.0f} actions/s  "
              f"{battles / dt:8,.2f} battles/s  ({actions} actions, {battles} battles)")
    return 0
