"""What a player can infer about the opponent's hidden cards from their own view (RULES §9).

One belief model serves the AI and the attack preview's odds against face-down cards.
"""

from __future__ import annotations

from collections import Counter

from towers_core.cards import CODES, POOL
from towers_core.position import HIDDEN, PLAYERS


def unseen_cards(view: dict, viewer: str) -> Counter:
    """The opponent's pool minus every opponent card the viewer can see (board face-up, captured)."""
    opponent = PLAYERS[1 - PLAYERS.index(viewer)]
    left = Counter(POOL)
    for cell in view["board"].values():
        if cell["owner"] == opponent and cell["card"] != HIDDEN:
            left[cell["card"]] -= 1
    left.subtract(view["captured"][viewer])  # the opponent's cards the viewer took (and its spent So)
    return +left


def king_hidden(view: dict, viewer: str) -> bool:
    """Is the opponent's King among their hidden cards (not seen on the board, not captured)?"""
    return unseen_cards(view, viewer)["K"] > 0


def hidden_count(view: dict, viewer: str) -> int:
    """How many opponent cards the viewer cannot identify: face-down on the board or in the barrack."""
    opponent = PLAYERS[1 - PLAYERS.index(viewer)]
    board = sum(1 for c in view["board"].values() if c["owner"] == opponent and c["card"] == HIDDEN)
    return board + len(view["barrack"][opponent])


def hidden_distribution(view: dict, viewer: str, square: str) -> dict[str, float]:
    """Probabilities of what the opponent's face-down card on `square` is.

    The King is in the opponent's hidden set unless seen; he is equally likely to be any hidden card
    except one on high ground (he cannot stand there face-down). The rest share out in proportion to
    the unseen copies of each card.
    """
    left = unseen_cards(view, viewer)
    on_high = square in view["terrain"]["high"]
    p_king = 0.0
    if left["K"] and not on_high:
        eligible = hidden_count(view, viewer) - _hidden_on_high(view, viewer)
        p_king = 1.0 / max(1, eligible)
    others = {c: n for c, n in left.items() if c != "K" and n > 0}
    total = sum(others.values())
    if total == 0:
        return {"K": 1.0} if left["K"] else {}
    dist = {c: (1 - p_king) * n / total for c, n in others.items()}
    if p_king:
        dist["K"] = p_king
    return {c: dist[c] for c in CODES if c in dist}


def _hidden_on_high(view: dict, viewer: str) -> int:
    opponent = PLAYERS[1 - PLAYERS.index(viewer)]
    return sum(1 for sq, c in view["board"].items()
               if c["owner"] == opponent and c["card"] == HIDDEN and sq in view["terrain"]["high"])
