"""RULES §9/§10 — information, per-player views, the JSON position format, validation errors."""
import copy
import json

import pytest

from towers_core.skirmish import api
from towers_core.errors import BadPosition, IllegalAction, TowersError

from helpers import POSITION_KEYS, go, make_pos


def sample():
    return make_pos(
        {"c1": "S:Kn", "c2": "S:Sp^d", "d1": "S:K", "c3": "N:Ar", "c4": "N:Cl^", "e6": "N:Spd",
         "e7": "N:K^s"},
        barrack={"S": ["Sq", "Sp"], "N": ["Kn", "Sp", "Sq"]},
        resting={"S": ["Sp"], "N": ["Sq", "Kn"]},
        captured={"S": ["Ar"], "N": ["So"]},
        marker=-2, actions=17, passes=0,
    )


def test_view_hides_only_opponents_secrets():
    pos = sample()
    v = api.view(pos, "S")
    assert set(v) == POSITION_KEYS
    # own everything kept
    for sq in ("c1", "c2", "d1"):
        assert v["board"][sq] == pos["board"][sq]
    assert v["barrack"]["S"] == pos["barrack"]["S"]
    assert v["resting"]["S"] == pos["resting"]["S"]
    # opponent: face-down identities hidden, face-up shown, everything else public
    assert v["board"]["c3"] == {**pos["board"]["c3"], "card": "?"}
    assert v["board"]["e6"] == {**pos["board"]["e6"], "card": "?"}
    assert v["board"]["c4"] == pos["board"]["c4"]
    assert v["board"]["e7"] == pos["board"]["e7"]
    assert v["barrack"]["N"] == ["?"] * 3
    assert v["resting"]["N"] == ["?"] * 2
    for key in ("terrain", "captured", "decks", "marker", "to_move", "actions", "passes",
                "moved", "result"):
        assert v[key] == pos[key], key


def test_view_for_north():
    pos = sample()
    v = api.view(pos, "N")
    assert v["board"]["c1"]["card"] == "?" and v["board"]["d1"]["card"] == "?"
    assert v["board"]["c2"] == pos["board"]["c2"]
    assert v["board"]["c3"] == pos["board"]["c3"]
    assert v["barrack"] == {"S": ["?"] * 2, "N": pos["barrack"]["N"]}
    assert v["resting"] == {"S": ["?"], "N": pos["resting"]["N"]}


def test_view_does_not_mutate_and_is_json():
    pos = sample()
    before = copy.deepcopy(pos)
    v = api.view(pos, "S")
    assert pos == before
    assert json.loads(json.dumps(v)) == v


def test_legal_actions_same_from_movers_view():
    pos = sample()
    assert api.legal_actions(api.view(pos, "S")) == api.legal_actions(pos)
    pos = copy.deepcopy(pos) | {"to_move": "N"}
    assert api.legal_actions(api.view(pos, "N")) == api.legal_actions(pos)


def test_position_json_round_trip():
    pos = sample()
    text = json.dumps(pos)
    again = json.loads(text)
    assert again == pos
    new = go(again, "c1-b1")
    assert json.loads(json.dumps(new)) == new
    assert set(new) == POSITION_KEYS
    assert go(pos, "c1-b1") == new


def test_output_lists_sorted():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sp^", "g1": "S:Sc"},
                   barrack={"N": ["Sq", "Ar"]}, captured={"S": ["Sq"]})
    new = go(pos, "c2xc3")  # routed: Sp joins N's barrack and resting
    for p in ("S", "N"):
        for key in ("barrack", "resting", "captured"):
            assert new[key][p] == sorted(new[key][p])
    assert new["barrack"]["N"] == sorted(["Sq", "Ar", "K", "Sp"])
    assert new["terrain"]["high"] == sorted(new["terrain"]["high"])


def test_apply_does_not_mutate():
    pos = sample()
    before = copy.deepcopy(pos)
    for a in api.legal_actions(pos):
        for pulls, _ in api.pull_outcomes(pos, a):
            api.apply(pos, a, pulls)
    assert pos == before


def test_play_log_entry_public_and_private():
    pos = make_pos({"c2": "N:Sq^"}, barrack={"S": ["Kn"]})
    new, (entry,) = api.play(pos, "Kn@c1xc2", {"A": 0})
    assert entry["action"] == "Kn@c1xc2"
    assert entry["public"] == "?@c1xc2"
    assert new == api.apply(pos, "Kn@c1xc2", {"A": 0})
    seen = api.entry_view(entry, "N")
    assert "Kn@" not in json.dumps(seen.get("public", ""))


# === Validation errors =========================================================================

@pytest.mark.parametrize("field,mutate", [
    ("marker", lambda p: p.pop("marker")),
    ("board", lambda p: p["board"].update({"h9": dict(p["board"]["c1"])})),
    ("card", lambda p: p["board"]["c1"].update({"card": "Zz"})),
    ("posture", lambda p: p["board"]["c1"].update({"posture": "sideways"})),
    ("owner", lambda p: p["board"]["c1"].update({"owner": "X"})),
    ("to_move", lambda p: p.update({"to_move": "Q"})),
    ("mountain", lambda p: p["board"].update({"c5": dict(p["board"]["c1"])})),
])
def test_bad_position_rejected(field, mutate):
    pos = sample()
    mutate(pos)
    before = copy.deepcopy(pos)
    with pytest.raises(BadPosition) as exc:
        api.legal_actions(pos)
    assert isinstance(exc.value, TowersError) and isinstance(exc.value, ValueError)
    with pytest.raises(BadPosition):
        api.apply(pos, "pass")
    assert pos == before


def test_bad_position_message_names_field():
    pos = sample()
    pos["board"]["c1"]["posture"] = "sideways"
    with pytest.raises(BadPosition) as exc:
        api.legal_actions(pos)
    assert "posture" in str(exc.value) or "c1" in str(exc.value)
    pos = sample()
    del pos["marker"]
    with pytest.raises(BadPosition) as exc:
        api.legal_actions(pos)
    assert "marker" in str(exc.value)


@pytest.mark.parametrize("action", ["xyz", "c2-c9", "Zz@a1", "", "c1xc1", "Kn@c1", "c3^"])
def test_illegal_action_named(action):
    pos = sample()
    before = copy.deepcopy(pos)
    with pytest.raises(IllegalAction) as exc:
        api.apply(pos, action)
    assert action in str(exc.value)
    assert isinstance(exc.value, ValueError)
    assert pos == before


# §10 constraints on the values themselves
@pytest.mark.parametrize("field,mutate", [
    ("king posture", lambda p: p["board"]["d1"].update({"posture": "defensive"})),
    ("spent non-King", lambda p: p["board"]["c1"].update({"spent": True})),
    ("resting not in barrack", lambda p: p["resting"]["S"].append("Sh")),
    ("deck over 3/6/3", lambda p: p["decks"]["S"].update({"+1": 4})),
    ("marker range", lambda p: p.update({"marker": 11})),
    ("two kings", lambda p: p["barrack"]["S"].append("K")),
    ("result reason", lambda p: p.update({"result": {"winner": "S", "reason": "boredom"}})),
])
def test_inconsistent_position_rejected(field, mutate):
    pos = sample()
    mutate(pos)
    with pytest.raises(BadPosition):
        api.legal_actions(pos)


def test_entry_view_hides_hidden_deploy_from_opponent():
    pos = make_pos({"c7": "N:Sp"}, barrack={"S": ["Kn"]})
    _, (entry,) = api.play(pos, "Kn@c1")
    theirs = api.entry_view(entry, "N")
    assert theirs["public"] == "?@c1"
    assert "Kn" not in json.dumps(theirs)
    mine = api.entry_view(entry, "S")
    assert "Kn" in json.dumps(mine)
