"""The AI's Draft: complete legal armies, a scout that looks where it does not know, and a match."""
from __future__ import annotations

import pytest

from towers_core.errors import BadArmy, BadLevel, BadPosition
from towers_core.gauntlet import api
from towers_core.gauntlet.ai.match import match
from towers_core.gauntlet.draft import validate_army
from towers_core.gauntlet.units import DRAFT_UNITS, SLOTS


@pytest.mark.parametrize("level", ["easy", "normal", "expert", "random"])
def test_every_army_is_a_valid_draft(level):
    for seed in range(40):
        for side in "CG":
            army = api.choose_army(level, seed, side)
            validate_army(army)
            assert army == api.choose_army(level, seed, side)
        crimson = api.choose_army(level, seed, "C")
        slot = api.choose_scout(level, seed, {c: "?" for c in SLOTS})
        validate_army(api.choose_army(level, seed, "G", {"slot": slot, "entry": crimson[slot]}))


def test_a_scouted_hidden_rogue_brings_a_mage():
    report = {"slot": "Ro", "entry": {"in": True, "r": "hide", "p": False}}
    for seed in range(20):
        assert api.choose_army("normal", seed, "G", report)["Ma"]["in"]


def test_bad_draft_arguments_are_refused_by_name():
    with pytest.raises(BadLevel, match="side"):
        api.choose_army("normal", 1, "X")
    with pytest.raises(BadArmy, match="scout_report"):
        api.choose_army("normal", 1, "C", {"slot": "Qu", "entry": {"in": True, "r": None, "p": False}})
    with pytest.raises(BadArmy, match="scout_report.slot"):
        api.choose_army("normal", 1, "G", {"slot": "De", "entry": {"in": True, "r": None, "p": False}})
    with pytest.raises(BadArmy, match="scout_report"):
        api.choose_army("normal", 1, "G", {"slot": "Qu"})
    with pytest.raises(BadPosition, match="crimson_view"):
        api.choose_scout("normal", 1, {"C": {}})


def test_the_scout_looks_at_an_unknown_slot():
    view = {c: "?" for c in SLOTS}
    assert api.choose_scout("expert", 1, view) == "Qu"
    view["Qu"] = {"in": True, "r": None, "p": False}
    assert api.choose_scout("expert", 1, view) != "Qu"
    for seed in range(10):
        assert api.choose_scout("random", seed, view) in ("Ki",) + DRAFT_UNITS


def test_a_short_match_plays_colour_swapped_pairs_to_a_result():
    lines: list[str] = []
    r = match("greedy", "iters:200", 2, 5, 1, report=lines.append)
    assert r["games"] == 2 and r["wins"] + r["draws"] + r["losses"] == 2 and len(lines) == 2
    assert "(S)" in lines[0] and "(N)" in lines[1]
