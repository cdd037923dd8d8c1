"""§9 hidden units: hiding, reveals, detection, refusals, views and log secrecy (§16.2, §16.4)."""
import pytest

from gauntlet_helpers import army, kings, make, struct, unit
from towers_core.errors import IllegalAction
from towers_core.gauntlet import api

ARMIES = {"C": army(r={"Ro": "hide"}), "G": army(r={"Ro": "step"})}


def pos_with(extra, turn=3, **kw):
    return make(kings(extra, c="a7", g="g1"), turn=turn, armies=ARMIES, **kw)


def test_hide_needs_visible_and_emits_hide():
    pos = pos_with({"d5": unit("C", "Ro")})
    new, ents = api.play(pos, "d5*hide")
    assert ents[0]["ev"] == [["hide", "d5"]] and new["pieces"]["d5"]["hidden"]
    assert "d5*hide" not in api.legal_actions(new)


def test_view_never_shows_hidden_enemy():
    pos = pos_with({"d5": unit("C", "Ro", hidden=True)})
    assert "d5" not in api.view(pos, "G")["pieces"]
    assert api.view(pos, "C")["pieces"]["d5"]["hidden"]
    api.validate(api.view(pos, "G"))


def test_refusal_when_hidden_enemy_blocks_move_and_is_still_listed_fine_point_33():
    pos = pos_with({"d4": unit("C", "Ro", hidden=True), "d3": unit("G", "Pa")}, turn=4)
    assert "d3-d4" in api.legal_actions(pos)
    new, ents = api.play(pos, "d3-d4")
    assert new == pos and ents == [{"turn": 4, "side": "G", "a": "d3-d4", "refused": "unseen"}]
    assert api.log_view(pos, "d3-d4", "C") == []
    assert api.log_view(pos, "d3-d4", "G") == ents
    assert "d3-d4" in api.legal_actions(new)
    assert api.apply(pos, "d3-c4")["pieces"]["c4"]["done"]


def test_illegal_even_on_view_raises():
    pos = pos_with({"d3": unit("G", "Pa")}, turn=4)
    with pytest.raises(IllegalAction):
        api.apply(pos, "d3-d6")


def test_mage_and_gaze_reveal_fine_point_19():
    pos = pos_with({"d5": unit("C", "Ro", hidden=True), "b3": unit("G", "Ma", done=True)})
    new, ents = api.play(pos, "d5-c4")
    assert ents[0]["ev"] == [["move", "d5", "c4"], ["reveal", "c4", "Ro"]]
    assert not new["pieces"]["c4"]["hidden"]
    assert api.log_view(pos, "d5-c4", "G")[0] == {"turn": 3, "side": "C", "a": "?-c4",
                                                  "ev": [["reveal", "c4", "Ro"]]}
    pos = pos_with({"d5": unit("C", "Ro", hidden=True), "b2": struct("G", "Wt")})
    new = api.apply(pos, "d5-d4")                        # distance 2 from b2? no: d4-b2 = 2
    assert not new["pieces"]["d4"]["hidden"]
    new = api.apply(pos, "d5-e4")
    assert new["pieces"]["e4"]["hidden"]
    assert api.log_view(pos, "d5-e4", "G") == [{"turn": 3, "side": "C", "a": "?", "ev": []}]


def test_attack_reveals_first_and_public_form_reading_27():
    pos = pos_with({"d5": unit("C", "Ro", hidden=True), "d3": unit("G", "Pa")})
    _new, ents = api.play(pos, "d5-d4xd3")
    assert ents[0]["ev"] == [["move", "d5", "d4"], ["reveal", "d4", "Ro"], ["hit", "d3", 2, 0], ["die", "d3", "Pa"]]
    seen = api.log_view(pos, "d5-d4xd3", "G")[0]
    assert seen["a"] == "?-d4xd3" and seen["ev"][0] == ["reveal", "d4", "Ro"]


def test_revealing_shadowstep_shows_origin_reading_30():
    armies = {"C": army(r={"Ro": "step"}), "G": army()}
    pos = make(kings({"c5": unit("C", "Ro", hidden=True)}, c="a7", g="g1"), armies=armies)
    seen = api.log_view(pos, "c5*step:d3", "G")[0]
    assert seen["a"] == "?*step:d3" and seen["ev"] == [["reveal", "c5", "Ro"], ["move", "c5", "d3"]]


def test_hidden_unit_ticks_are_secret_to_the_enemy():
    pos = pos_with({"d5": unit("C", "Ro", hidden=True, poison=[1, 2])}, turn=2)
    full = api.play(pos, "end")[1][1]["ev"]
    assert ["tick", "d5", "poison", 1, 2] in full
    assert ["tick", "d5", "poison", 1, 2] not in api.log_view(pos, "end", "G")[1]["ev"]


def test_area_hits_hidden_unseen_fine_point_13():
    armies = {"C": army(), "G": army(units=("Pa", "Kn", "Ro", "Bi", "Qu"), r={"Qu": "chain"})}
    pos = make(kings({"d4": unit("G", "Qu"), "d6": unit("C", "Ro", hidden=True, max=9)}, c="a7", g="g1"),
               turn=4, armies=armies)
    new = api.apply(pos, "d4*chain:n")
    assert new["pieces"]["d6"]["hidden"] and new["pieces"]["d6"]["hp"] == 6
    assert api.log_view(pos, "d4*chain:n", "G")[0]["ev"] == []


def _hidden_rogue_by_a_chest() -> dict:
    """A hidden Rogue on c5 (it may hide) beside a gold chest on c6, in a Gauntlet against the Pawnlord."""
    armies = {"C": api.foe_army(1, "pawnlord"), "G": army(units=("Pa", "Ro"), r={"Ro": "hide"})}
    for s in ("Kn", "Bi", "Ma"):
        armies["G"][s] = {"in": False, "r": None, "p": False}
    return make({"a7": unit("C", "Pa", royal=True, max=20), "g1": unit("G", "Ki"),
                 "c5": unit("G", "Ro", hidden=True)}, turn=4, armies=armies, mode="gauntlet",
                foe="pawnlord", chests={"c6": "gold", "f6": "tome"})


def test_claim_reveals_fine_point_20():
    pos = _hidden_rogue_by_a_chest()
    new, ents = api.play(pos, "c5-c6")
    assert ents[0]["ev"] == [["move", "c5", "c6"], ["reveal", "c6", "Ro"], ["claim", "c6", "gold"]]
    assert new["spoils"] == {"gold": 10, "tomes": 0} and new["chests"] == {"f6": "tome"}


def test_hidden_rogue_claiming_a_chest_may_hide_again_and_shows_its_move():
    pos = _hidden_rogue_by_a_chest()
    assert "c5-c6*hide" in api.legal_actions(pos) and "c5*hide" not in api.legal_actions(pos)
    new, ents = api.play(pos, "c5-c6*hide")
    assert ents[0]["ev"] == [["move", "c5", "c6"], ["reveal", "c6", "Ro"], ["claim", "c6", "gold"], ["hide", "c6"]]
    assert new["pieces"]["c6"]["hidden"]
    seen = api.log_view(pos, "c5-c6*hide", "C")[0]
    assert seen["a"] == "?-c6*hide" and seen["ev"] == [["reveal", "c6", "Ro"], ["claim", "c6", "gold"], ["hide", "c6"]]


def test_extra_action_point_runs_the_detection_check():
    """§21.1 point 7: `+ap` is an action, so a detection check follows it (a hand-made position with a
    hidden Rogue already beside a Gold Mage); `end` leaves it to the next turn's start."""
    pos = make(kings({"d3": unit("C", "Ro", hidden=True), "d2": unit("G", "Ma")}), turn=4,
               armies={"C": army(r={"Ro": "hide"}), "G": army()})
    ref, entries = api.play(pos, "+ap")
    c = api.apply(pos, "+ap")
    assert ref == c and not c["pieces"]["d3"]["hidden"] and c["ap"] == pos["ap"] + 1
    assert entries[0]["ev"] == [["reveal", "d3", "Ro"]]
    quiet = make(kings({"d3": unit("C", "Ro", hidden=True), "d5": unit("G", "Ma")}), turn=4,
                 armies={"C": army(r={"Ro": "hide"}), "G": army()})
    assert api.play(quiet, "+ap")[1][0]["ev"] == []
