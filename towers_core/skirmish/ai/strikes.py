"""Strikes on face-down cards valued at the King's odds there (a level's `strike`, docs/ai.md).

A strike on a face-down King only reveals both cards, and then the King takes the striker: most of
expert's lost games began so. Its eight worlds are too few to price that: where the belief gives the
King 20%, no world holds him a sixth of the time, and the search strikes there first. Here each
strike's target gets the King's odds from many deals, and worlds with him there, and the search weighs
that strike's worlds so (Search.set_action_weights); every other action keeps the plain worlds.
"""

from __future__ import annotations

import random

from towers_core.board import SQUARE_INDEX
from towers_core.skirmish import belief, notation, position
from towers_core.skirmish.ai import determinize
from towers_core.skirmish.ai.levels import MAX_WORLDS
from towers_core.skirmish.cards import INDEX
from towers_core.skirmish.rules import Engine

ODDS_DEALS = 256
"""Deals that estimate the King's odds on each struck square (about 10 ms)."""

KING_WORLDS = 2
"""Worlds added for a struck square with the King there (beside any of the plain worlds that have him)."""

STRIKES = ("attack", "soulcast")


def targets(legal: list[int], k: belief.Knowledge) -> dict[int, str]:
    """The legal actions that attack or Soulcast a face-down card of the opponent's: action -> square."""
    out = {}
    for act in legal:
        d = notation.describe_action(act)
        if (d["kind"] in STRIKES or d["follow"] in STRIKES) and d["target"] in k.tokens:
            out[act] = d["target"]
    return out


def strike_worlds(view: dict, history: list[dict], legal: list[int], plain: list[Engine], seed: int,
                  placement: bool, odds: belief.DealFactors,
                  known: belief.Knowledge | None = None) -> tuple[list[Engine], dict[int, list[float]]]:
    """The plain worlds plus worlds with the King on struck squares, and each strike's weights: on the
    square s it strikes, the King's odds p(s) under `odds` (ODDS_DEALS deals) go to the worlds with him
    on s, evenly, and 1 - p(s) to the plain worlds without him; other actions keep the plain worlds
    (Search.set_worlds(base=len(plain))). `known`: the mover's belief.knowledge, if the caller has it."""
    k = known if known is not None else belief.knowledge(view, view["to_move"], history)
    struck = targets(legal, k)
    if not struck:
        return plain, {}
    rng = random.Random(f"strikes:{seed}")
    table = belief.placement_or_none(placement)
    deals = [belief.sample_hidden(k, rng, placement=table, factors=odds) for _ in range(ODDS_DEALS)]
    kings = {s: [d for d in deals if d[0].get(s) == "K"] for s in set(struck.values())}
    base = position.view_engine(view, view["to_move"])
    worlds, added = list(plain), {}
    for s in sorted(kings, key=lambda s: (-len(kings[s]), s)):
        room = MAX_WORLDS - len(worlds)   # the search's limit: the likeliest squares get worlds first
        added[s] = list(range(len(worlds), len(worlds) + min(room, KING_WORLDS, len(kings[s]))))
        worlds += [determinize.fill(base.copy(), k, *deal) for deal in kings[s][:len(added[s])]]
    rows = {s: _weights(s, len(kings[s]) / ODDS_DEALS, plain, added[s], len(worlds)) for s in kings}
    return worlds, {act: rows[s] for act, s in struck.items() if rows[s] is not None}


def _weights(square: str, p: float, plain: list[Engine], added: list[int], n: int) -> list[float] | None:
    """The weights over `n` worlds of the strikes on `square`, or None for the plain ones (no world with
    the King there to give his odds to)."""
    sq = SQUARE_INDEX[square]
    with_king = [w for w, e in enumerate(plain) if e.get_square(sq)[0] == INDEX["K"]] + added
    without = [w for w, e in enumerate(plain) if e.get_square(sq)[0] != INDEX["K"]]
    if not with_king:
        return None
    if not without:
        p = 1.0   # every plain world has him there
    row = [0.0] * n
    for w in with_king:
        row[w] = p / len(with_king)
    for w in without:
        row[w] = (1.0 - p) / len(without)
    return row
