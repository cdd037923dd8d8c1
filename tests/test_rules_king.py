"""RULES §7 — the King: attacks, spent, stand up, pins, "the three", high ground."""
import pytest

from towers_core.skirmish import api
from towers_core.errors import IllegalAction

from helpers import at, fight, go, legal, spec_at
from helpers import make_pos as _make_pos


def make_pos(board, **kw):
    return _make_pos({"g1": "S:Sc", "g7": "N:Sc", **board}, **kw)


def rejects(pos, action):
    assert action not in legal(pos)
    with pytest.raises(IllegalAction):
        go(pos, action)


# === The King attacking ========================================================================

def test_king_attacks_revealed_cards_only():
    rejects(make_pos({"c2": "S:K^", "c3": "N:Kn"}), "c2xc3")
    assert "c2xc3" in legal(make_pos({"c2": "S:K^", "c3": "N:Kn^"}))


def test_king_never_attacks_a_king():
    rejects(make_pos({"c2": "S:K^", "c3": "N:K^"}), "c2xc3")
    # not even with "the three" around him
    rejects(make_pos({"c2": "S:K^", "c3": "N:K^", "d3": "S:Kn^", "c4": "S:La^"}), "c2xc3")


def test_king_always_captures_and_is_spent():
    # Shardbearer, defensive, on high ground, with a card behind and a Squire: still captured
    pos = make_pos({"d3": "S:K^", "d4": "N:Sh^d", "d5": "N:Sp", "c4": "N:Sq^"})
    assert api.pull_outcomes(pos, "d3xd4") == [({}, 1.0)]
    new = go(pos, "d3xd4")
    assert at(new, "d3") is None
    assert spec_at(new, "d4") == "S:K^s", "advanced onto high ground, spent"
    assert new["captured"]["S"] == ["Sh"]
    assert new["decks"] == pos["decks"]


def test_face_down_king_attacks_and_flips():
    pos = make_pos({"c2": "S:K", "c3": "N:Sp^"})
    new = go(pos, "c2xc3")
    assert spec_at(new, "c3") == "S:K^s" and at(new, "c2") is None
    assert new["captured"]["S"] == ["Sp"]


def test_log_outcome_for_king_attack():
    _, f = fight(make_pos({"c2": "S:K^", "c3": "N:Kn^"}), "c2xc3")
    assert f["outcome"] == "captured"


def test_spent_king_cannot_maneuver_or_attack_but_can_stand_up():
    pos = make_pos({"c2": "S:K^s", "c3": "N:Sp^"})
    acts = legal(pos)
    assert not any(a.startswith("c2-") or a.startswith("c2x") for a in acts)
    assert "c2!" in acts
    new = go(pos, "c2!")
    assert spec_at(new, "c2") == "S:K^"
    assert spec_at(new, "c3") == "N:Sp^", "standing up is the whole turn"


def test_ready_king_cannot_stand_up():
    rejects(make_pos({"c2": "S:K^", "c3": "N:Sp^"}), "c2!")


def test_king_not_maneuvered_onto_high_ground():
    pos = make_pos({"b2": "S:K^"})
    acts = legal(pos)
    assert "b2-b3" not in acts
    assert {"b2-a2", "b2-c2", "b2-b1"} <= acts


def test_king_no_posture_no_retreat():
    pos = make_pos({"c2": "S:K"})
    rejects(pos, "c2d")
    rejects(pos, "c2^")


# === Pins =======================================================================================

def king_actions(pos, sq="c2"):
    return {a for a in legal(pos) if a.startswith(sq)}


@pytest.mark.parametrize("pinners", [
    ("N:Kn^", "N:Kn^"),
    ("N:Kn^d", "N:La^"),
    ("N:K^", "N:Cl^"),        # a face-up enemy King pins
    ("N:K^s", "N:Sh^d"),      # spent and defensive pinners count
])
def test_pinned_king_cannot_act(pinners):
    pos = make_pos({"c2": "S:K^", "b2": pinners[0], "d2": pinners[1], "c3": "N:Sp^"})
    assert king_actions(pos) == set()
    rejects(pos, "c2xc3")
    rejects(pos, "c2-c1")


@pytest.mark.parametrize("pinners", [
    ("N:Kn", "N:Kn^"),        # face-down cards do not pin
    ("N:K", "N:Kn^"),         # nor a face-down King
    ("N:Sp^", "N:Kn^"),       # a Spearman is not Knight-or-better
])
def test_not_pinned(pinners):
    pos = make_pos({"c2": "S:K^", "b2": pinners[0], "d2": pinners[1], "c3": "N:Sp^"})
    acts = king_actions(pos)
    assert "c2xc3" in acts and "c2-c1" in acts


def test_pinned_spent_king_cannot_stand_up():
    pos = make_pos({"c2": "S:K^s", "b2": "N:Kn^", "d2": "N:Kn^"})
    rejects(pos, "c2!")
    pos = make_pos({"c2": "S:K^s", "b2": "N:Kn^", "d2": "N:Kn"})
    assert "c2!" in legal(pos)


def test_king_pinned_after_deploy_cannot_follow_up():
    pos = make_pos({"c2": "N:Kn^", "d1": "N:Kn^"}, barrack={"S": []})
    acts = legal(pos)
    assert "K@c1" in acts
    assert "K@c1xc2" not in acts
    rejects(pos, "K@c1xc2")
    pos = make_pos({"c2": "N:Kn^", "d1": "N:Kn"})
    assert "K@c1xc2" in legal(pos)


def test_king_pinned_after_maneuver_cannot_follow_up():
    pos = make_pos({"b1": "S:K^", "c2": "N:Kn^", "d1": "N:Kn^"})
    acts = legal(pos)
    assert "b1-c1" in acts
    assert "b1-c1xc2" not in acts
    pos = make_pos({"b1": "S:K^", "c2": "N:Kn^", "d1": "N:Sp^"})
    assert "b1-c1xc2" in legal(pos)


# === The three ==================================================================================

def three(extra=None, king="N:K^", attacker="S:Kn", d3="S:Kn^", c4="S:La^", **kw):
    board = {"c3": king, "c2": attacker, "d3": d3, "c4": c4}
    board.update(extra or {})
    return make_pos(board, **kw)


def test_the_three_capture_the_king():
    pos = three(marker=-5)
    assert "c2xc3" in legal(pos)
    assert api.pull_outcomes(pos, "c2xc3") == [({}, 1.0)]
    new = go(pos, "c2xc3")
    assert spec_at(new, "c3") == "S:Kn^", "the attacker advances"
    assert at(new, "c2") is None
    assert "K" in new["captured"]["S"]
    assert new["result"] == {"winner": "S", "reason": "king"}
    assert new["marker"] == 0, "Reset applies; no Dominance step after the result"


def test_the_three_log_outcome():
    _, f = fight(three(), "c2xc3")
    assert f["outcome"] == "king_captured"


def test_enemy_king_is_one_of_the_three():
    pos = three(d3="S:K^s")
    new = go(pos, "c2xc3")
    assert new["result"] == {"winner": "S", "reason": "king"}


def test_face_down_helper_is_not_one_of_the_three():
    rejects(three(d3="S:Kn"), "c2xc3")
    rejects(three(d3="S:K"), "c2xc3")


def test_lesser_helper_is_not_one_of_the_three():
    rejects(three(d3="S:Sp^"), "c2xc3")


@pytest.mark.parametrize("attacker", ["S:Kn", "S:La", "S:Cl", "S:Sh^"])
def test_any_knight_class_attacker_counts_as_revealed(attacker):
    new = go(three(attacker=attacker, d3="S:Kn^", c4="S:Kn^"), "c2xc3")
    assert new["result"] == {"winner": "S", "reason": "king"}


def test_lesser_attacker_cannot_be_one_of_the_three():
    # three revealed Knights touch the King but a Spearman attacks: not a capture, not legal
    pos = three(attacker="S:Sp^", d3="S:Kn^", c4="S:Kn^", extra={"b3": "S:Kn^"})
    rejects(pos, "c2xc3")


def test_face_down_king_with_the_three_is_captured():
    new = go(three(king="N:K"), "c2xc3")
    assert new["result"] == {"winner": "S", "reason": "king"}
    assert new["captured"]["S"] == ["K"]


def test_revealed_king_without_the_three_not_attackable():
    rejects(make_pos({"c2": "S:Kn^", "c3": "N:K^", "d3": "S:Kn^"}), "c2xc3")


@pytest.mark.parametrize("attacker", ["S:Kn", "S:Sq^", "S:Sp"])
def test_face_down_king_attacked_without_three_only_revealed(attacker):
    pos = make_pos({"c2": attacker, "c3": "N:K", "d3": "S:Kn^"})
    assert "c2xc3" in legal(pos)
    assert api.pull_outcomes(pos, "c2xc3") == [({}, 1.0)]
    new, f = fight(pos, "c2xc3")
    assert f["outcome"] == "revealed"
    assert spec_at(new, "c3") == "N:K^"
    assert spec_at(new, "c2") == attacker.rstrip("^") + "^"
    assert new["captured"] == {"S": [], "N": []}
    assert new["decks"] == pos["decks"]
    assert new["result"] is None


# === No Might in King fights (fine point 4) ======================================================

def test_king_attacking_reveals_no_helpers():
    pos = make_pos({"c2": "S:K^", "c3": "N:Kn^", "b2": "S:Cl", "c1": "S:Sq", "a3": "S:Ar",
                    "d3": "N:Sq"})
    new = go(pos, "c2xc3")
    assert spec_at(new, "c3") == "S:K^s"
    for sq, spec in (("b2", "S:Cl"), ("c1", "S:Sq"), ("a3", "S:Ar"), ("d3", "N:Sq")):
        assert spec_at(new, sq) == spec


def test_king_defending_reveals_no_helpers():
    pos = make_pos({"c2": "S:Kn", "c3": "N:K", "b2": "S:Cl", "d2": "S:Sq", "a3": "S:Ar",
                    "d3": "N:Sq", "c4": "N:Sp"})
    new = go(pos, "c2xc3")
    assert spec_at(new, "c2") == "S:Kn^" and spec_at(new, "c3") == "N:K^"
    for sq in ("b2", "d2", "a3", "d3", "c4"):
        assert at(new, sq)["up"] is False, sq


# === High ground ==================================================================================

def test_king_never_holds_high_ground():
    # South King advances onto d4 (high); North holds b5: North has more high ground, so the
    # marker does not move toward South even though South captured more.
    pos = make_pos({"d3": "S:K^", "d4": "N:Kn^", "b5": "N:Sp"})
    new = go(pos, "d3xd4")
    assert spec_at(new, "d4") == "S:K^s"
    assert new["marker"] == 0
    # control: with North off the high ground, the capture count moves the marker
    pos = make_pos({"d3": "S:K^", "d4": "N:Kn^", "a6": "N:Sp"})
    assert go(pos, "d3xd4")["marker"] == 1
