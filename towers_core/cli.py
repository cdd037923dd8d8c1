"""`towers-cli <game> <command>`: headless tools of each game (engine bench, AI matches, AI speed)."""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import sys
import time
from collections.abc import Callable
from types import ModuleType

from towers_core.checks import check_seconds, check_seed, output_file, whole_number
from towers_core.errors import BadLevel, TowersError

# each game's command module registers its subcommands with add_commands(subparsers) and, if its
# commands take AI levels, has the game's get_level
GAMES = {
    "skirmish": "towers_core.skirmish.cli",
    "castles": "towers_core.castles.cli",
    "gauntlet": "towers_core.gauntlet.cli",
}
MAX_GAMES = 100_000
MAX_CONCURRENCY = 64


def match_games(games: int) -> int:
    """The games a match of `--games N` plays: N rounded up to whole colour-swapped pairs."""
    return games + games % 2


def check_options(args: argparse.Namespace, game: ModuleType) -> None:
    """Bounds argparse cannot express, the same for every game: a TowersError naming the option."""
    if "seconds" in args:
        check_seconds(args.seconds, "--seconds")
    if "seed" in args:
        check_seed(args.seed, "--seed", BadLevel)
    if "games" in args:
        whole_number(args.games, "--games", 1, MAX_GAMES, BadLevel)
    if "concurrency" in args:
        whole_number(args.concurrency, "--concurrency", 1, MAX_CONCURRENCY, BadLevel)
    if "skip" in args:
        whole_number(args.skip, "--skip", 0, match_games(args.games) - 1, BadLevel)
    if getattr(args, "record", None) is not None:
        output_file(args.record, "--record")  # known before the first game, not after it
    levels = [getattr(args, key) for key in ("a", "b") if key in args]
    levels += [lv for lv in getattr(args, "levels", "").split(",") if lv]
    for level in levels:
        game.get_level(level)  # fail before a long run starts, not in its middle


def machine() -> str:
    """The first line of every bench: the CPU model (from /proc/cpuinfo where there is one), the
    system and Python; every bench runs on one core."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            cpu = next((ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name")), cpu)
    except OSError:
        pass
    return f"machine: {cpu} ({platform.machine()}), {platform.system()}, Python {platform.python_version()}, one core"


def add_ai_commands(sub: argparse._SubParsersAction, levels: list[str], games: int,
                    bench: Callable, match: Callable, bench_ai: Callable) -> None:
    """`bench`, `match` and `bench-ai` of a game with AI levels: the same options in every game
    (`games` is its default match length), each running the game's own function."""
    b = sub.add_parser("bench", help="random-game speed of the engine (C playouts, one core; and the JSON API)")
    b.add_argument("--seconds", type=float, default=3.0)
    b.add_argument("--seed", type=int, default=1)
    b.set_defaults(run=bench)
    add_match_command(sub, f"{', '.join(levels)}, depth:N, nodes:N", games, "seed, moves, result", match)
    a = sub.add_parser("bench-ai", help="search speed and depth on opening, middle and late positions")
    a.add_argument("--seconds", type=float, default=1.0, help="search time per position")
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--levels", default="easy,normal,hard,expert", help="levels to time per move ('' to skip)")
    a.set_defaults(run=bench_ai)


def add_match_command(sub: argparse._SubParsersAction, level_forms: str, games: int, recorded: str,
                      match: Callable) -> None:
    """`match` with the options every game's match takes (`level_forms`: the levels --a accepts;
    `recorded`: what --record writes of a game)."""
    m = sub.add_parser("match", help="play two AI levels (or random/greedy baselines) against each other")
    m.add_argument("--a", default="expert", help=f"level of A ({level_forms})")
    m.add_argument("--b", default="normal", help="level of B")
    m.add_argument("--games", type=int, default=games, help="games (rounded up to colour-swapped pairs)")
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--concurrency", type=int, default=1, help="games played in parallel processes")
    m.add_argument("--quiet", action="store_true", help="only the final figures")
    m.add_argument("--record", help=f"append each game ({recorded}) as a JSON line to this file")
    m.add_argument("--skip", type=int, default=0,
                   help="leave out the first N games of the schedule (resume a stopped match: same seed, games)")
    m.set_defaults(run=match)


def print_json_api_speed(new_position: Callable[[random.Random], dict], api: ModuleType, seconds: float,
                         seed: int) -> None:
    """Random games through a game's JSON `api` (legal_actions + apply) for about `seconds`: the
    speed the app and the tools see, next to the C figure."""
    rng = random.Random(seed)
    games = plies = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        pos = new_position(rng)
        while pos["result"] is None:
            pos = api.apply(pos, rng.choice(api.legal_actions(pos)))
            plies += 1
        games += 1
    dt = time.perf_counter() - t0
    print(f"JSON API     : {plies / dt:12,.0f} plies/s  {games / dt:10,.2f} games/s")


def run_match(args: argparse.Namespace, match: Callable[..., dict]) -> int:
    """`towers-cli <game> match`: play the game's `match` and print each game (unless --quiet),
    the tallies, the time per move, the Elo figures and a final SUMMARY line."""
    games = match_games(args.games)
    skipped = f", the first {args.skip} skipped" if args.skip else ""
    print(f"match: {args.a} vs {args.b}, {games} games ({games // 2} colour-swapped pairs{skipped}), "
          f"seed {args.seed}, concurrency {args.concurrency}", flush=True)
    t0 = time.perf_counter()
    r = match(args.a, args.b, games, args.seed, args.concurrency,
              report=(lambda s: None) if args.quiet else (lambda s: print(s, flush=True)), record=args.record,
              skip=args.skip)
    dt = time.perf_counter() - t0
    print(f"{r['a']} vs {r['b']}: W {r['wins']}  D {r['draws']}  L {r['losses']}  "
          f"score {100 * r['score']:.1f}%  mean {r['mean_plies']:.0f} plies  {dt:.0f} s  ends {r['reasons']}")
    (ma, xa), (mb, xb) = r["think_a"], r["think_b"]
    print(f"time per move: {r['a']} mean {ma:.3f} s, longest {xa:.2f} s; "
          f"{r['b']} mean {mb:.3f} s, longest {xb:.2f} s")
    print(f"Elo difference {r['elo']:+.0f}  (95% interval {r['elo_lo']:+.0f} .. {r['elo_hi']:+.0f})")
    print(f"SUMMARY {r['a']} vs {r['b']}: {r['elo']:+.0f} Elo [{r['elo_lo']:+.0f}, {r['elo_hi']:+.0f}], "
          f"W/D/L {r['wins']}/{r['draws']}/{r['losses']} of {r['games']} games, seed {args.seed}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse `towers-cli <game> <command> ...`, check the options, run the command."""
    parser = argparse.ArgumentParser(prog="towers-cli", description="Towers engine and AI tools")
    games = parser.add_subparsers(dest="game", required=True, metavar="GAME")
    modules = {name: importlib.import_module(module) for name, module in GAMES.items()}
    for name, module in modules.items():
        listed = argparse.ArgumentParser(add_help=False).add_subparsers()
        module.add_commands(listed)  # the game's own commands, named in the top-level help as they are
        game = games.add_parser(name, help=f"{name}: {', '.join(listed.choices)}")
        module.add_commands(game.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    try:
        check_options(args, modules[args.game])
        return args.run(args)
    except TowersError as err:
        parser.error(str(err))  # a usage error: exit 2, the message names the option
    except OSError as err:      # e.g. the disk filled while writing --record
        print(f"towers-cli: {err.strerror or err}: {err.filename or ''}".rstrip(": "), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
