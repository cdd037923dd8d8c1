"""`towers-cli <game> <command>`: headless tools of each game (engine bench, AI matches, AI speed)."""

from __future__ import annotations

import argparse
import importlib
import sys

# each game's command module registers its subcommands with add_commands(subparsers)
GAMES = {
    "skirmish": "towers_core.skirmish.cli",
    "gauntlet": "towers_core.gauntlet.cli",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="towers-cli", description="Towers engine and AI tools")
    games = parser.add_subparsers(dest="game", required=True, metavar="GAME")
    for name, module in GAMES.items():
        game = games.add_parser(name, help=f"{name}: bench, match, bench-ai")
        commands = game.add_subparsers(dest="command", required=True)
        importlib.import_module(module).add_commands(commands)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
