"""§16 position JSON, validation (§21.21), views (§16.2); §11 armies and the scout; §15 notation."""
import copy

import pytest

from gauntlet_helpers import army, kings, make, struct, unit
from towers_core.errors import BadPosition, IllegalAction, TowersError
from towers_core.gauntlet import api
from towers_core.gauntlet.notation import parse_action


def base():
    return make(kings({"c2": unit("G", "Pa"), "c3": struct("C", "Cp", site=True, hp=2)}), turn=4)


BAD = [
    lambda p: p.update(extra=1),
    lambda p: p.pop("token"),
    lambda p: p.update(turn=5),
    lambda p: p.update(seed="xyz"),
    lambda p: p["pieces"].update(h9=unit("G", "Pa")),
    lambda p: p["pieces"]["c2"].update(hp=9),
    lambda p: p["pieces"]["c2"].update(hp=0),
    lambda p: p["pieces"]["c2"].update(hidden=True),
    lambda p: p["pieces"]["c2"].update(sieged=True),
    lambda p: p["pieces"].update(e5=struct("C", "De", site=True)),
    lambda p: p["pieces"].update(e2=unit("G", "Ki")),
    lambda p: p["pieces"]["c2"].update(royal=True),
    lambda p: p["pieces"]["c2"].update(fx=[{"k": "fortify", "v": None, "until": 3}]),
    lambda p: p["pieces"]["c2"].update(type="Zz"),
    lambda p: p.update(foe={"id": "pawnlord", "echo": 0}),
    lambda p: p.update(chests={"c6": "gold"}),
    lambda p: p["royals"]["G"].update(god=True),
    lambda p: p["royals"]["G"].update(spd=8),
    lambda p: p["armies"]["G"]["Qu"].update({"in": True}),
    lambda p: p["armies"]["G"]["Ki"].update({"r": "both"}),
    lambda p: p.update(result={"winner": None, "reason": "royal"}),
    lambda p: p["pieces"].pop("d1"),
    lambda p: p["public"].update(G=["De", "Ki"]),
    lambda p: p["pieces"].update(c1=struct("G", "Cp")),
    lambda p: p["pieces"].update(d6=struct("G", "De")) or p["pieces"].update(d5=struct("G", "De")) or
    p["pieces"].update(d4=struct("G", "De")) or p["pieces"].update(e1=struct("G", "De")) or
    p["pieces"].update(f1=struct("G", "De")),
    lambda p: p["pieces"]["c2"]["aff"].update(burn=[0]),
    lambda p: p["pieces"]["c3"].update(max=9),
]


@pytest.mark.parametrize("i", range(len(BAD)))
def test_bad_positions_are_refused_naming_a_field(i):
    pos = base()
    BAD[i](pos)
    before = copy.deepcopy(pos)
    with pytest.raises(BadPosition):
        api.validate(pos)
    with pytest.raises(TowersError):
        api.legal_actions(pos)
    assert pos == before


def test_new_draft_position_and_scout_public():
    a = army()
    pos = api.new_position(0xDEADBEEF, {"C": a, "G": army(units=("Pa", "Kn", "Ro", "Bi", "Qu"))}, scout="Kn")
    assert pos["seed"] == "00000000deadbeef" and pos["public"] == {"C": ["Kn"], "G": []}
    assert pos["foe"] is None and pos["chests"] == {} and pos["token"] is True
    v = api.view(pos, "G")
    assert v["armies"]["C"]["Kn"] == a["Kn"] and v["armies"]["C"]["Ro"] == "?"
    assert api.view(pos, "C")["armies"]["G"]["Pa"] == "?"
    api.validate(v)
    assert api.legal_actions(api.view(pos, "C")) == api.legal_actions(pos)


def test_draft_army_rules_11():
    api.validate_army(army())
    with pytest.raises(TowersError):
        api.validate_army(army(units=("Pa", "Kn", "Ro", "Bi")))
    with pytest.raises(TowersError):
        api.validate_army(army(units=("Pa", "Kn", "Ro", "Bi", "Qu"), p=("Ki", "Qu", "De", "Cp")))  # 120 Gold
    with pytest.raises(TowersError):
        api.validate_army(army(r={"De": "quick", "Cp": "medical", "Wt": "bolts"}))
    with pytest.raises(TowersError):
        api.validate_army(army(r={"Ki": "banner", "Pa": "fury", "Kn": "extra", "Ro": "hide", "Bi": "reach",
                                     "De": "quick", "Cp": "medical"}))
    a = army(p=("Ki", "Pa", "Kn", "Ro"))
    api.validate_army(a)
    assert api.scout(a, "Kn") == {"in": True, "r": None, "p": True}
    assert api.scout(a, "Qu") == {"in": False, "r": None, "p": False}
    with pytest.raises(TowersError):
        api.scout(a, "De")
    with pytest.raises(TowersError):
        api.new_position(1, {"C": army(units=("Pa",)), "G": army()})


def test_spec_example_army_budget():
    ex = {"Ki": {"in": True, "r": "summons", "p": False}, "Pa": {"in": True, "r": "fury", "p": True},
          "Kn": {"in": True, "r": "extra", "p": False}, "Ro": {"in": False, "r": None, "p": False},
          "Bi": {"in": True, "r": "reach", "p": False}, "Ma": {"in": False, "r": None, "p": False},
          "Rk": {"in": True, "r": None, "p": True}, "Qu": {"in": True, "r": "fireball", "p": True},
          "De": {"in": True, "r": None, "p": False}, "Cp": {"in": True, "r": "medical", "p": False},
          "Wt": {"in": True, "r": None, "p": False}, "Bk": {"in": True, "r": None, "p": False}}
    api.validate_army(ex)


@pytest.mark.parametrize("s", ["Ki@d1+e1+c1", "c3*cure:d3,c3", "tool:hp=05", "tool:hp=0", "c2-", "xx",
                               "tool:spd=8", "c3*fly", "Ki@d1+c1+c1", 5, None])
def test_noncanonical_strings_rejected_reading_25(s):
    with pytest.raises(IllegalAction):
        parse_action(s)
    with pytest.raises(IllegalAction):
        api.apply(base(), s)


def test_listed_actions_parse_and_are_sorted():
    pos = base()
    acts = api.legal_actions(pos)
    assert acts == sorted(acts) and len(set(acts)) == len(acts)
    for a in acts:
        parse_action(a)


def test_seed_is_read_in_either_case_and_written_in_lower_case():
    """Rules decision 18 (Gauntlet): `new_position` takes 16 hex digits in either case (§16.1), the position holds
    them in lower case, and a file's `seed` must be lower case (the form the engine writes)."""
    armies = {"C": army(), "G": army()}
    upper = api.new_position("00000000DEADBEEF", armies)
    assert upper["seed"] == "00000000deadbeef" == api.new_position(0xDEADBEEF, armies)["seed"]
    api.validate(upper)
    upper["seed"] = "00000000DEADBEEF"
    with pytest.raises(BadPosition, match="seed"):
        api.validate(upper)


def test_outside_values_too_big_deep_or_strange_are_refused_by_field():
    """Input audit: numbers past COUNT_MAX, nesting past the recursion limit and unencodable labels are
    the project's errors naming the field, with short messages; the input is not changed."""
    huge = 10 ** 5000
    pos = base()
    for path in (("spoils", "gold"), ("supply", "C"), ("turn",)):
        bad = copy.deepcopy(pos)
        target = bad
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = huge
        kept = copy.deepcopy(bad)
        with pytest.raises(BadPosition, match=".".join(path)) as err:
            api.validate(bad)
        assert len(str(err.value)) < 300 and bad == kept
    nested: list = []
    for _ in range(3000):
        nested = [nested]
    with pytest.raises(BadPosition):
        api.validate(dict(pos, turn=nested))
    with pytest.raises(IllegalAction) as err:
        api.play(pos, "x" * 1_000_000)
    assert len(str(err.value)) < 300
    with pytest.raises(TowersError, match="label"):
        api.label_seed("\ud800", 1)
