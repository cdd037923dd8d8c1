"""Gauntlet Draft matches between AI levels (the machinery is towers_core.matches).

Each colour-swapped pair shares its seed: one field, and one pair of armies drafted by the
`normal` Draft (Crimson seals, Gold scouts one slot and drafts), so both games of a pair are
played with the same armies on the same field, A taking Crimson in one and Gold in the other (the
schedule's `S` is Crimson, who opens). Each player sees only its own view and log. A Battle still
running after MAX_ACTIONS actions is a draw (Hunger ends real ones long before).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from towers_core import matches
from towers_core.gauntlet import api
from towers_core.gauntlet.ai.draft import choose_army, choose_scout
from towers_core.gauntlet.ai.player import choose_action
from towers_core.matches import Game

MAX_ACTIONS = 4000
DRAFT_LEVEL = "normal"
SIDE_OF = {"S": "C", "N": "G"}


def battle_start(seed: int) -> tuple[dict, dict]:
    """The pair's start: the drafted armies on the pair's field, and the setup to record."""
    crimson = choose_army(DRAFT_LEVEL, seed, "C")
    slot = choose_scout(DRAFT_LEVEL, seed, {c: "?" for c in crimson})
    gold = choose_army(DRAFT_LEVEL, seed, "G", {"slot": slot, "entry": crimson[slot]})
    pos = api.new_position(seed, {"C": crimson, "G": gold}, scout=slot)
    return pos, {"field_seed": seed, "scout": slot, "armies": {"C": crimson, "G": gold}}


def play_game(g: Game) -> dict:
    """Play one Battle to its end; the score is from A's side (1 win, 0.5 draw, 0 loss)."""
    return play_battle(g, choose_action)


def play_battle(g: Game, choose: Callable[..., str],
                start: Callable[[Game], tuple[dict, dict]] | None = None) -> dict:
    """play_game with `choose(view, log, level, seed)` choosing every action (and `start(g)` giving
    the start and setup instead of battle_start)."""
    a_side = SIDE_OF[g.a_side]
    players = {a_side: g.a, "G" if a_side == "C" else "C": g.b}
    pos, setup = start(g) if start else battle_start(g.seed)
    logs: dict[str, list] = {"C": [], "G": []}
    think = {"C": [0.0, 0.0, 0], "G": [0.0, 0.0, 0]}   # per whole turn: total, longest, turns
    turn_time = 0.0
    actions = []
    while pos["result"] is None and len(actions) < MAX_ACTIONS:
        me = pos["to_move"]
        t0 = time.perf_counter()
        action = choose(api.view(pos, me), logs[me], players[me], g.seed + len(actions))
        turn_time += time.perf_counter() - t0
        for side in "CG":
            logs[side] += api.log_view(pos, action, side)
        pos = api.apply(pos, action)
        actions.append(action)
        if pos["result"] is not None or pos["to_move"] != me:
            matches.note_time(think[me], turn_time)
            turn_time = 0.0
    result = pos["result"]
    winner = result["winner"] if result else None
    score = 0.5 if winner is None else (1.0 if winner == a_side else 0.0)
    other = "G" if a_side == "C" else "C"
    return {"game": g, "score": score, "reason": result["reason"] if result else "limit",
            "plies": len(actions), "think_a": think[a_side], "think_b": think[other],
            "moves": actions, "setup": setup}


def match(a: str, b: str, games: int, seed: int, concurrency: int,
          report: Callable[[str], None] = print, record: str | None = None, skip: int = 0) -> dict:
    """Play the match (without the schedule's first `skip` games), report each game (and append it
    to `record`), return tallies and Elo figures. Times are per whole turn."""
    return matches.match(play_game, a, b, games, seed, concurrency, report, record, skip)
