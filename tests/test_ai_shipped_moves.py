"""The shipped Skirmish levels choose the same moves they always chose on a fixed set of positions.

The expected moves (tests/data/shipped_moves.json) were recorded from the levels as shipped; any change
to the search, the evaluation, the worlds or the level table that alters what a player meets shows here.
Expert is held at a small node budget, on two threads and on one. Every searching level gets a long clock
cap (`time:60000`) so a busy machine never cuts a search short: the node budget alone decides the move.

Regenerate (only when a change of play is intended): PYTHONPATH=. python tests/test_ai_shipped_moves.py
"""
from __future__ import annotations

import functools
import json
import random
from pathlib import Path

import pytest

from towers_core.skirmish import api, position

FIXTURE = Path(__file__).parent / "data" / "shipped_moves.json"
LEVELS = ("easy", "greedy", "normal,time:60000", "hard,time:60000", "expert,nodes:400000,time:60000",
          "expert,nodes:400000,threads:1,time:60000")
GAMES = 17


@functools.cache
def positions() -> tuple[tuple[dict, list[dict]], ...]:
    """(view, history) of the mover after a seeded game of random and greedy moves, at a ply that grows
    with the game's number (openings to late middle games)."""
    out = []
    for g in range(GAMES):
        rnd = random.Random(g)
        pos = api.new_position(g, {"S": api.choose_muster("normal", g), "N": api.choose_muster("hard", g + 50)})
        history: dict[str, list[dict]] = {"S": [], "N": []}
        for _ in range(6 + 3 * g):
            if pos["result"] is not None:
                break
            me = pos["to_move"]
            level = "greedy" if rnd.random() < 0.6 else "random"
            action = api.choose_action(position.view(pos, me), history[me], level, rnd.randrange(1 << 20))
            pos, (entry,) = api.play(pos, action, rng_seed=rnd.randrange(1 << 20))
            for side in ("S", "N"):
                history[side].append(api.history_entry(entry, pos, side))
        if pos["result"] is None:
            out.append((position.view(pos, pos["to_move"]), history[pos["to_move"]]))
    return tuple(out)


def moves(level: str) -> list[str]:
    return [api.choose_action(view, hist, level, 7 + i) for i, (view, hist) in enumerate(positions())]


@pytest.mark.parametrize("level", LEVELS)
def test_a_shipped_level_chooses_the_moves_it_always_chose(level):
    expected = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert moves(level) == expected[level]


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps({lv: moves(lv) for lv in LEVELS}, indent=1) + "\n", encoding="utf-8")
