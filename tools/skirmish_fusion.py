"""Root actions valued with the searching player's next move chosen once for the worlds it cannot tell apart.

The search values a root action by its mean over the worlds, each searched as a game of perfect
information, so the searching player's second move is chosen per world, knowing the hidden cards
(strategy fusion). Here, for a few candidate root actions: in each world the opponent's
reply is its best there (a one-world search), every pull outcome of the action and of the reply is
enumerated at its deck odds, the positions are grouped by what the searching player sees of them
(`seen_by`), and each group's value is one search over its worlds together, whose root picks a single
move for them all: the search's own root, a max node over chance over worlds (the worlds of a group
weigh alike there; their odds differ only where one world reaches the same sight by two pull outcomes).
A diagnostic (measured: fusion at the next move costs expert little); no level plays with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from towers_core.board import SQUARES
from towers_core.skirmish.position import F_UP
from towers_core.skirmish.pulls import play, pull_table
from towers_core.skirmish.rules import Engine
from towers_core.skirmish.ai.search import FINISH_SCORE, WIN_SCORE, Search

HIDDEN = -2


@dataclass
class Item:
    """A position the searching player may face at its next turn: its odds (world weight times pull
    odds) and the engine."""
    odds: float
    engine: Engine


def outcomes(e: Engine, act: int) -> list[tuple[Engine, float]]:
    """Each position playing `act` in `e` can lead to, with its odds (RULES §5: the pulls)."""
    out = []
    for pulls, p in pull_table(e, act):
        kid = e.copy()
        kid.seed(1)
        play(kid, act, pulls)
        out.append((kid, p))
    return out


def seen_by(e: Engine, me: int) -> tuple:
    """What player `me` can tell of a position: the board with the opponent's face-down cards
    masked, the counters, its own barrack and resting cards, both captures and both decks."""
    board = []
    for sq in range(len(SQUARES)):
        card, owner, flags = e.get_square(sq)
        if card >= 0 and owner != me and not flags & F_UP:
            card = HIDDEN
        board.append((card, owner, flags))
    meta = e.get_meta()
    return (tuple(board), meta["marker"], meta["to_move"], meta["actions"], meta["passes"], meta["moved"],
            meta["winner"], meta["reason"], tuple(e.get_counts("barrack", me)), tuple(e.get_counts("resting", me)),
            tuple(e.get_counts("captured", 0)), tuple(e.get_counts("captured", 1)),
            tuple(e.get_counts("deck", 0)), tuple(e.get_counts("deck", 1)))


def final_value(e: Engine, me: int, ply: int) -> float | None:
    """The value to `me` of a skirmish finished `ply` plies below the root, scored as the search
    scores it (a nearer win is worth more); None while it goes on."""
    meta = e.get_meta()
    if meta["reason"] == 0:
        return None
    if meta["winner"] < 0:
        return 0.0
    return WIN_SCORE - ply if meta["winner"] == me else -(WIN_SCORE - ply)


def from_root(value: float, ply: int) -> float:
    """A search's value of a position `ply` plies below the root, as the root's search would score it:
    a finish found there is `ply` plies further from the root."""
    if value >= FINISH_SCORE:
        return value - ply
    if value <= -FINISH_SCORE:
        return value + ply
    return value


def _search(engines: list[Engine], depth: int, nodes: int, weights: dict) -> dict:
    s = Search(18)
    s.set_worlds(engines)
    s.configure(max_depth=depth, node_limit=nodes, weights=weights)
    return s.run()


def fused_value(worlds: list[Engine], act: int, depth: int, nodes: int, weights: dict,
                fuse: bool = True) -> tuple[float, int]:
    """The root action's value over the worlds (equally likely) with the opponent's reply its best in
    each world and the searching player's next move one for all the worlds it cannot tell apart,
    `depth` (3 or more) plies in all; and the nodes searched. With `fuse` false each world picks its
    own next move (the plain search's value of the same line: what fusion costs, by difference)."""
    me = worlds[0].get_meta()["to_move"]
    share = 1.0 / len(worlds)
    total, spent = 0.0, 0
    groups: dict[tuple, dict[int, Item]] = {}
    for w, base in enumerate(worlds):
        for after, p in outcomes(base, act):
            end = final_value(after, me, 1)
            if end is not None:
                total += share * p * end
                continue
            info = _search([after], depth - 1, nodes, weights)
            spent += info["nodes"]
            for seen, q in outcomes(after, info["move"]):
                odds = share * p * q
                group = groups.setdefault(seen_by(seen, me), {})
                if w in group:
                    group[w].odds += odds
                else:
                    group[w] = Item(odds, seen)
    together = [list(g.values()) for g in groups.values()]
    for items in together if fuse else [[i] for g in together for i in g]:
        odds = sum(i.odds for i in items)
        end = final_value(items[0].engine, me, 2)
        if end is None:
            info = _search([i.engine for i in items], depth - 2, nodes, weights)
            spent += info["nodes"]
            end = from_root(info["value"], 2)
        total += odds * end
    return total, spent
