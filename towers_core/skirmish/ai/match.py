"""Skirmish matches between levels: how one game is played (musters, each side's history, the
seeded pulls); the referee's loop, the pairs, processes, tallies and Elo are towers_core.matches."""

from __future__ import annotations

from collections.abc import Callable

from towers_core import matches
from towers_core.board import OTHER
from towers_core.matches import Chooser, Game
from towers_core.skirmish import api
from towers_core.skirmish.ai.contenders import choose_action, choose_muster


def by_view(pos: dict, history: list[dict], level: str, seed: int) -> str:
    """A player's move: the level sees only the mover's view and history (the referee holds `pos`)."""
    return choose_action(api.view(pos, pos["to_move"]), history, level, seed)


def play_game(g: Game) -> dict:
    """Play one game to its end; the score is from A's side (1 win, 0.5 draw, 0 loss)."""
    return play_with(g, by_view)


def play_with(g: Game, choose: Chooser, musters: dict[str, list[str]] | None = None) -> dict:
    """Play one game, each move from `choose(position, mover's history, level, seed)` (only a
    diagnostic passes anything but `by_view`); the pulls are seeded by the game's seed and ply."""
    players = {g.a_side: g.a, OTHER[g.a_side]: g.b}
    musters = musters or {side: choose_muster(level, g.seed) for side, level in players.items()}
    pos = api.new_position(g.seed, musters)
    r = matches.referee(g, api, pos, choose, lambda p: p["actions"],
                        lambda p, a: api.play(p, a, rng_seed=g.seed * 1009 + p["actions"]))
    return {**r, "setup": {"musters": musters}}


def match(a: str, b: str, games: int, seed: int, concurrency: int,
          report: Callable[[str], None] = print, record: str | None = None, skip: int = 0) -> dict:
    """Play the match (without the schedule's first `skip` games), report each game (and append it
    to `record`), return tallies and Elo figures."""
    return matches.match(play_game, a, b, games, seed, concurrency, report, record, skip)
