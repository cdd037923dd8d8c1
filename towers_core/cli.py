"""`towers-cli <game> <command>`: headless tools of each game (engine bench, AI matches, AI speed)."""

from __future__ import annotations

import argparse
import importlib
import sys
from types import ModuleType

from towers_core.checks import check_seconds, check_seed, whole_number
from towers_core.errors import BadLevel, TowersError

# each game's command module registers its subcommands with add_commands(subparsers) and, if its
# commands take AI levels, has the game's get_level
GAMES = {
    "skirmish": "towers_core.skirmish.cli",
    "castles": "towers_core.castles.cli",
}
MAX_GAMES = 100_000
MAX_CONCURRENCY = 64


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
    levels = [getattr(args, key) for key in ("a", "b") if key in args]
    levels += [lv for lv in getattr(args, "levels", "").split(",") if lv]
    for level in levels:
        game.get_level(level)  # fail before a long run starts, not in its middle


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="towers-cli", description="Towers engine and AI tools")
    games = parser.add_subparsers(dest="game", required=True, metavar="GAME")
    modules = {name: importlib.import_module(module) for name, module in GAMES.items()}
    for name, module in modules.items():
        game = games.add_parser(name, help=f"{name}: bench, match, bench-ai")
        module.add_commands(game.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    try:
        check_options(args, modules[args.game])
    except TowersError as err:
        parser.error(str(err))  # a usage error: exit 2, the message names the option
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
