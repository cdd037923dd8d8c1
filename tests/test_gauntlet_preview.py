"""The hover preview (towers_core.gauntlet.preview): what an action does as its mover can know it,
equal to what `play` then does whenever nothing hidden interferes."""
from __future__ import annotations

import random

import pytest

from tests.gauntlet_helpers import make, unit
from towers_core.errors import TowersError
from towers_core.gauntlet import api, randomplay


def _battles(n: int, seed: int, plies: int = 60):
    """Positions along `n` seeded random Draft battles, every few plies."""
    rng = random.Random(seed)
    for _ in range(n):
        armies = {"C": randomplay.random_army(rng), "G": randomplay.random_army(rng)}
        pos = api.new_position(rng.getrandbits(64), armies, scout=rng.choice(("Ki", "Pa", None)))
        for ply in range(plies):
            if api.to_move(pos) is None:
                break
            if ply % 7 == 6:
                yield pos
            pos = api.apply(pos, randomplay.pick(rng, api.legal_actions(pos)))


def _hidden_enemies(pos: dict) -> bool:
    side = pos["to_move"]
    return any(q["side"] != side and q.get("hidden") for q in pos["pieces"].values())


def test_every_legal_action_previews_what_play_does_when_nothing_is_hidden():
    checked = 0
    for pos in _battles(6, 11):
        if _hidden_enemies(pos):
            continue
        side = pos["to_move"]
        seen = api.view(pos, side)
        for action in api.legal_actions(seen):
            shown = api.preview(seen, action)
            after, entries = api.play(pos, action)
            assert shown["events"] == entries[0]["ev"], action
            assert shown["result"] == after["result"], action
            assert shown["view"]["pieces"] == api.view(after, side)["pieces"], action
            checked += 1
    assert checked > 300


def test_a_preview_changes_nothing_and_never_reads_past_the_view():
    pos = make({"d1": unit("G", "Ki"), "d7": unit("C", "Ki"), "d2": unit("G", "Kn"), "e4": unit("C", "Pa")}, turn=4)
    seen = api.view(pos, "G")
    before = api.canonical_json(seen)
    shown = api.preview(seen, "d2*charge:e4")
    assert api.canonical_json(seen) == before
    assert shown["events"] == [["hit", "e4", 2, 0], ["die", "e4", "Pa"], ["move", "d2", "e4"]]
    assert shown["view"]["pieces"]["e4"]["type"] == "Kn" and "d2" not in shown["view"]["pieces"]


def test_a_hidden_enemy_is_not_in_the_preview_but_refuses_the_real_action():
    rogue = unit("C", "Ro", hidden=True)
    pos = make({"d1": unit("G", "Ki"), "d7": unit("C", "Ki"), "d3": unit("G", "Kn"), "d4": rogue}, turn=4)
    seen = api.view(pos, "G")
    assert "d4" not in seen["pieces"]
    shown = api.preview(seen, "d3-d4")
    assert shown["events"] == [["move", "d3", "d4"]]
    _, entries = api.play(pos, "d3-d4")
    assert entries[0]["refused"] == "unseen"


def test_an_action_illegal_on_the_view_is_refused_with_a_reason():
    pos = make({"d1": unit("G", "Ki"), "d7": unit("C", "Ki"), "d2": unit("G", "Kn")}, turn=4)
    shown = api.preview(api.view(pos, "G"), "d2-d6")
    assert set(shown) == {"refused"} and "d2-d6" in shown["refused"]


def test_bad_input_raises_a_project_error():
    pos = make({"d1": unit("G", "Ki"), "d7": unit("C", "Ki")}, turn=4)
    with pytest.raises(TowersError, match="action"):
        api.preview(api.view(pos, "G"), 7)
    with pytest.raises(TowersError):
        api.preview({"pieces": {}}, "end")
