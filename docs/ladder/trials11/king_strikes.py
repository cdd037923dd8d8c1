"""Issue 12, eleventh session: were expert's strikes on a face-down King its mistakes? At each strike
in a record, expert's move again (its own worlds, its level, the match's seed), and with the King put on
the struck square in every world (the one card it could not see, told; a diagnostic, not a player).

    PYTHONPATH=. python docs/ladder/trials11/king_strikes.py LEVEL RECORD.jsonl ...

Prints each strike (game seed, side, ply, the move played, the game's score for expert), the move
chosen again with its own worlds and the move with the King told, and how often the told search still
strikes that square.
"""
from __future__ import annotations

import re
import sys
from collections.abc import Iterator

from towers_core.board import SQUARE_INDEX
from towers_core.skirmish import position
from towers_core.skirmish.ai import determinize
from towers_core.skirmish.ai.diagnose import load_records, plies_of
from towers_core.skirmish.ai.player import Searcher
from towers_core.skirmish.cards import INDEX
from towers_core.skirmish.position import PLAYERS

KING = INDEX["K"]
NO_CAP_MS = 600_000  # the node budget decides, so a loaded machine gives the same moves


def king_on(world, square: int, opponent: int) -> None:
    """Put the opponent's King on `square` of this world, swapping with wherever the deal put him."""
    card, owner, flags = world.get_square(square)
    if card == KING:
        return
    for sq in range(49):
        c, o, f = world.get_square(sq)
        if c == KING and o == opponent:
            world.set_square(sq, card, o, f)
            break
    else:
        barrack = world.get_counts("barrack", opponent)
        barrack[KING] -= 1
        barrack[card] += 1
        world.set_counts("barrack", opponent, barrack)
    world.set_square(square, KING, owner, flags)


def choose(view: dict, history: list[dict], level: str, seed: int, told: str | None) -> str:
    """Expert's move; with `told`, every world it searches has the opponent's King on that square."""
    dealt = determinize.worlds

    def worlds(view: dict, history: list[dict], count: int, seed: int, placement: bool = False,
               factors: dict | None = None, stratify: bool = False) -> list:
        out = dealt(view, history, count, seed, placement, factors, stratify)
        for w in out if told is not None else ():
            king_on(w, SQUARE_INDEX[told], 1 - PLAYERS.index(view["to_move"]))
        return out
    determinize.worlds = worlds
    try:
        searcher = Searcher()
        searcher.start(view, history, level, seed, time_ms=NO_CAP_MS, background=False)
        return searcher.result()
    finally:
        determinize.worlds = dealt


def king_strikes(paths: list[str]) -> Iterator[tuple[dict, dict, list[dict], str, str]]:
    """(game, position, mover's history, action, struck square) of each of expert's attacks on a
    face-down King in the records."""
    for row in load_records(paths):
        for _, pos, history, action in plies_of(row, "expert"):
            target = re.search(r"x([a-g][1-7])", action)
            card = pos["board"].get(target.group(1)) if target else None
            if card and card["owner"] != pos["to_move"] and not card["up"] and card["card"] == "K":
                yield row, pos, history, action, target.group(1)


def main(level: str, paths: list[str]) -> None:
    strikes = still = 0
    for row, pos, history, action, square in king_strikes(paths):
        me = pos["to_move"]
        view = position.view(pos, me)
        seed = row["seed"] + pos["actions"]
        again = choose(view, history, level, seed, None)
        told = choose(view, history, level, seed, square)
        score = row["score"] if row["a_side"] == me else 1 - row["score"]
        strikes += 1
        still += f"x{square}" in told
        print(f"{row['seed']} {me} ply {pos['actions']}: played {action} (score {score:g}); again {again}; "
              f"King told {told}", flush=True)
    print(f"{strikes} strikes; with the King told, still striking that square: {still}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
