"""Worlds for the search: the player's own view with the opponent's hidden cards filled in by
samples from the belief model (belief.py). Nothing here ever sees the real hidden cards."""

from __future__ import annotations

import random

from towers_core.skirmish import belief, position
from towers_core.skirmish.cards import CODES, INDEX
from towers_core.board import SQUARE_INDEX
from towers_core.skirmish.position import PLAYERS
from towers_core.skirmish.rules import Engine


def worlds(view: dict, history: list[dict], count: int, seed: int,
           factors: belief.DealFactors | None = None) -> list[Engine]:
    """`count` Engines, each the view completed by one consistent sample (reproducible by seed), dealt by
    troops with the deal `factors` (a card's odds on squares by their tags, e.g. belief.EXPERT_DEAL)."""
    me = view["to_move"]
    k = belief.knowledge(view, me, history)
    base = position.view_engine(view, me)  # never a world built on a peek (Searcher checks the history)
    rng = random.Random(f"worlds:{seed}")
    return [fill(base.copy(), k, *belief.sample_hidden(k, rng, factors=factors)) for _ in range(count)]


def fill(e: Engine, k: belief.Knowledge, board: dict[str, str], barrack: list[str],
         resting: list[str]) -> Engine:
    """`e` (the viewer's view_engine) with the opponent's hidden cards set to one deal (sample_hidden)."""
    opp = PLAYERS.index(k.opponent)
    for name, card in board.items():
        sq = SQUARE_INDEX[name]
        _, owner, flags = e.get_square(sq)
        e.set_square(sq, INDEX[card], owner, flags)
    e.set_counts("barrack", opp, [barrack.count(c) for c in CODES])
    e.set_counts("resting", opp, [resting.count(c) for c in CODES])
    return e
