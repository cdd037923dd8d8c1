"""Worlds for the search: the player's own view with the opponent's hidden cards filled in by
samples from the belief model (belief.py). Nothing here ever sees the real hidden cards."""

from __future__ import annotations

import random

from towers_core.skirmish import belief, notation, position
from towers_core.skirmish.cards import CODES, INDEX
from towers_core.board import SQUARE_INDEX
from towers_core.skirmish.position import PLAYERS
from towers_core.skirmish.rules import Engine


PILOT = 128
"""Deals drawn to stratify `count` worlds on where the King is (worlds(stratify=True))."""

Deal = tuple[dict[str, str], list[str], list[str]]


def worlds(view: dict, history: list[dict], count: int, seed: int, placement: bool = False,
           factors: belief.DealFactors | None = None, stratify: bool = False,
           known: belief.Knowledge | None = None) -> list[Engine]:
    """`count` Engines, each the view completed by one consistent sample (reproducible by seed), dealt
    with belief.PLACEMENT if `placement`, else by troops only, and with the deal `factors` (a card's
    odds on squares by their tags, e.g. belief.EXPERT_DEAL). With `stratify`, the worlds are drawn from
    PILOT deals so that each place of the King (a face-down square or the barrack) gets its share of
    the worlds (king_strata): a square the belief gives him 22% holds him in about 2 worlds of 8, never
    in none by the luck of the draw, which made a strike on him look safe (docs/ai.md, twelfth session).
    `known` is belief.knowledge(view, mover, history) when the caller has it already."""
    me = view["to_move"]
    k = known if known is not None else belief.knowledge(view, me, history)
    base = position.view_engine(view, me)  # never a world built on a peek (Searcher checks the history)
    rng = random.Random(f"worlds:{seed}")
    table = belief.placement_or_none(placement)
    if not stratify:
        return [fill(base.copy(), k, *belief.sample_hidden(k, rng, placement=table, factors=factors))
                for _ in range(count)]
    pilot = [belief.sample_hidden(k, rng, placement=table, factors=factors) for _ in range(PILOT)]
    return [fill(base.copy(), k, *deal) for deal in king_strata(pilot, count, rng)]


def identity_odds(view: dict, history: list[dict], samples: int, seed: int, placement: bool = False,
                  factors: belief.DealFactors | None = None,
                  known: belief.Knowledge | None = None) -> dict[int, list[float]]:
    """Each opponent face-down square's odds of holding each card (in CODES order), over `samples` deals
    drawn as `worlds` draws them: what the search's `reveal` prices an attack on that card at, the same
    in every world, so a line does not strike a card only in the worlds where it is weak (docs/ai.md)."""
    k = known if known is not None else belief.knowledge(view, view["to_move"], history)
    counts = belief.identity_counts(k, random.Random(f"odds:{seed}"), samples,
                                    belief.placement_or_none(placement), factors)
    return {SQUARE_INDEX[sq]: [row[c] / samples for c in CODES] for sq, row in counts.items()}


def exposure_odds(view: dict, history: list[dict], samples: int,
                  seed: int) -> tuple[dict[int, list[float]], list[float] | None]:
    """What the opponent can tell of the mover's own hidden cards (what the search's `blind` has the opponent
    strike them at): each face-down square's odds of holding each card, and (in CODES order) the odds of a
    card the mover deploys face-down from its barrack (None when no deal leaves one to deploy). The belief
    model run from the opponent's seat on the mover's view and history with the mover's own hidden cards
    masked as the opponent sees them, dealt as expert deals (belief.EXPERT_DEAL). A scouted card is face-up
    for good, so public."""
    me = view["to_move"]
    them = PLAYERS[1 - PLAYERS.index(me)]
    k = belief.knowledge(masked(view, me), them, [_seen_by(entry, me) for entry in history])
    counts, deploy = belief.hidden_odds(k, random.Random(f"exposure:{seed}"), samples, None, belief.EXPERT_DEAL)
    squares = {SQUARE_INDEX[sq]: [row[c] / samples for c in CODES] for sq, row in counts.items()}
    return squares, ([deploy.get(c, 0.0) for c in CODES] if deploy else None)


def masked(view: dict, player: str) -> dict:
    """`view` with `player`'s own hidden identities (face-down board cards, barrack) shown as the
    opponent sees them."""
    out = {**view, "board": {sq: ({**cell, "card": position.HIDDEN} if cell["owner"] == player and not cell["up"]
                                  else cell) for sq, cell in view["board"].items()},
           "barrack": {**view["barrack"], player: [position.HIDDEN] * len(view["barrack"][player])},
           "resting": {**view["resting"], player: [position.HIDDEN] * len(view["resting"][player])}}
    return out


def _seen_by(entry: dict, player: str) -> dict:
    """One item of `player`'s history as the opponent saw it: the view masked (masked) and, for
    `player`'s own action, a deploy's card hidden (`?@c1`)."""
    after = entry.get("view")
    if not isinstance(after, dict):
        return entry
    action = entry.get("action")
    if after.get("to_move") != player and isinstance(action, str) and "@" in action:
        action = notation.format_action(notation.parse_public(action), hide_card=True)
    return {**entry, "action": action, "view": masked(after, player)}


def king_strata(deals: list[Deal], count: int, rng: random.Random) -> list[Deal]:
    """`count` of `deals`, picked by systematic sampling on where each puts the King: every place gets
    floor or ceiling of its share times `count`, and each pick is a random deal of its place (distinct
    ones while the place has them), so each world is still a draw from the deals."""
    places: dict[str, list[Deal]] = {}
    for deal in deals:
        places.setdefault(next((sq for sq, c in deal[0].items() if c == "K"), "barrack"), []).append(deal)
    order = sorted(places)
    for place in order:
        rng.shuffle(places[place])
    start, picks, cum, i = rng.random() / count, [], 0.0, 0
    for place in order:
        cum += len(places[place]) / len(deals)
        taken = 0
        while i < count and start + i / count < cum:
            group = places[place]
            picks.append(group[taken % len(group)])
            taken += 1
            i += 1
    while len(picks) < count:  # rounding at the top of the cumulative share
        picks.append(places[order[-1]][len(picks) % len(places[order[-1]])])
    return picks


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
