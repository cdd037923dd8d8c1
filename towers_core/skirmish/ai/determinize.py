"""Worlds for the search: the player's own view with the opponent's hidden cards filled in by
samples from the belief model (belief.py). Nothing here ever sees the real hidden cards."""

from __future__ import annotations

import random

from towers_core.skirmish import belief, position
from towers_core.skirmish.cards import CODES, INDEX
from towers_core.board import SQUARE_INDEX
from towers_core.skirmish.position import PLAYERS
from towers_core.skirmish.rules import Engine


def worlds(view: dict, history: list[dict], count: int, seed: int, placement: bool = False,
           factors: belief.DealFactors | None = None) -> list[Engine]:
    """`count` Engines, each the view completed by one consistent sample (reproducible by seed), dealt
    with belief.PLACEMENT if `placement`, else by troops only, and with the deal `factors` (a card's
    odds on a square touching the player's cards or not, e.g. belief.EXPERT_DEAL)."""
    me = view["to_move"]
    k = belief.knowledge(view, me, history)
    base = position.view_engine(view, me)  # never a world built on a peek (Searcher checks the history)
    rng = random.Random(f"worlds:{seed}")
    table = belief.PLACEMENT if placement else None
    return [_fill(base.copy(), k, *belief.sample_hidden(k, rng, placement=table, factors=factors))
            for _ in range(count)]


def _fill(e: Engine, k: belief.Knowledge, board: dict[str, str], barrack: list[str],
          resting: list[str]) -> Engine:
    opp = PLAYERS.index(k.opponent)
    for name, card in board.items():
        sq = SQUARE_INDEX[name]
        _, owner, flags = e.get_square(sq)
        e.set_square(sq, INDEX[card], owner, flags)
    e.set_counts("barrack", opp, [barrack.count(c) for c in CODES])
    e.set_counts("resting", opp, [resting.count(c) for c in CODES])
    return e
