"""Castles matches between levels (the referee's loop and the machinery are towers_core.matches).

Castles has no chance and one start, so each colour-swapped pair first plays OPENING_PLIES
uniformly random plies from the pair's seed (the same in both games); the levels take over there.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from towers_core import matches
from towers_core.castles import api
from towers_core.matches import Game

OPENING_PLIES = 4


def opening(seed: int) -> dict:
    """The pair's start: OPENING_PLIES random plies from the start position."""
    rng = random.Random(seed)
    pos = api.new_position()
    for _ in range(OPENING_PLIES):
        pos = api.apply(pos, rng.choice(api.legal_actions(pos)))
    return pos


def by_view(pos: dict, history: list[str], level: str, seed: int) -> str:
    """A player's move from its view ('resign' only when stranded)."""
    return api.choose_action(api.view(pos, pos["to_move"]), history, level, seed)


def play_game(g: Game) -> dict:
    """Play one game to its end; the score is from A's side (1 win, 0.5 draw, 0 loss). The moves
    recorded are those after the random opening, which the seed replays."""
    return matches.referee(g, api, opening(g.seed), by_view, lambda p: p["ply"])


def match(a: str, b: str, games: int, seed: int, concurrency: int,
          report: Callable[[str], None] = print, record: str | None = None, skip: int = 0) -> dict:
    """Play the match (without the schedule's first `skip` games), report each game (and append it
    to `record`), return tallies and Elo figures."""
    return matches.match(play_game, a, b, games, seed, concurrency, report, record, skip)
