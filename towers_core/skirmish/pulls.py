"""The fortune pulls an action draws, with their exact odds (RULES §5 The pull; fine point 11: an empty
deck is refilled to a full one before the next pull). One table for the API's pull outcomes, the attack
preview and the AI diagnostics."""

from __future__ import annotations

from towers_core.skirmish.cards import DECK
from towers_core.skirmish.rules import RANDOM_PULL, Engine


def deck_odds(e: Engine, player: int) -> dict[int, float]:
    """{pull value: odds} of `player`'s next pull: its deck, or the refill when it is empty."""
    counts = e.get_counts("deck", player)
    if sum(counts) == 0:
        counts = [DECK[-1], DECK[0], DECK[1]]  # the refill the next pull draws from
    total = sum(counts)
    return {v: n / total for v, n in zip((-1, 0, 1), counts) if n}


def pull_table(e: Engine, code: int) -> list[tuple[dict, float]]:
    """Each combination of pulls the legal action `code` draws ({"A": v, "D": v}, only the fighters who
    pull), with its probability."""
    a_pulls, d_pulls = e.pullers(code)
    mover = e.get_meta()["to_move"]
    table = [({}, 1.0)]
    for key, pulls, player in (("A", a_pulls, mover), ("D", d_pulls, 1 - mover)):
        if pulls:
            table = [({**k, key: v}, p * q) for k, p in table for v, q in deck_odds(e, player).items()]
    return table


def play(e: Engine, code: int, pulls: dict) -> dict:
    """Play `code` on `e` with the pulls of a pull_table row forced (the others drawn); the engine's record."""
    return e.apply(code, pulls.get("A", RANDOM_PULL), pulls.get("D", RANDOM_PULL))
