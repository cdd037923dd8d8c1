"""§4 turns: placement, start of turn, actions, end of turn; §21.1 turn-flow readings."""
import pytest

from gauntlet_helpers import army, kings, make, struct, unit
from towers_core.errors import IllegalAction
from towers_core.gauntlet import api

A = {"C": army(), "G": army()}


def start():
    return api.new_position(3, A)


def test_new_draft_battle_is_crimsons_placement():
    pos = start()
    assert (pos["turn"], pos["to_move"], pos["ap"], pos["supply"]) == (1, "C", 0, {"C": 1, "G": 1})
    acts = api.legal_actions(pos)
    assert acts == sorted(acts) and all(a.startswith("Ki@") and a[4] == "7" for a in acts)
    assert "Ki@d7+c7+e7" in acts and "Ki@d7+e7+c7" not in acts
    with pytest.raises(IllegalAction):
        api.apply(pos, "end")


def test_turn_1_to_2_entries_and_income_reading_4():
    pos, ents = api.play(start(), "Ki@d7+c7+e7")
    assert ents == [{"turn": 1, "side": "C", "a": "Ki@d7+c7+e7", "ev": []},
                    {"turn": 1, "side": "C", "a": "start", "ev": [["income", 2, 3]]}]
    assert pos["supply"]["C"] == 3 and pos["ap"] == 3
    pos, ents = api.play(pos, "end")
    assert ents == [{"turn": 1, "side": "C", "a": "end", "ev": []}]
    assert (pos["turn"], pos["to_move"], pos["ap"]) == (2, "G", 0)
    assert all(a.startswith("Ki@") and a[4] == "1" for a in api.legal_actions(pos))
    pos, ents = api.play(pos, "Ki@d1+c1+e1")
    assert [e["a"] for e in ents] == ["Ki@d1+c1+e1", "start"] and ents[1]["turn"] == 2
    assert "+ap" in api.legal_actions(pos)
    assert pos["public"]["G"] == ["Ki", "De"]


def test_token_once_and_gold_only():
    pos = make(kings(), turn=4, ap=0)
    pos = api.apply(pos, "+ap")
    assert pos["ap"] == 1 and pos["token"] is False
    assert "+ap" not in api.legal_actions(pos)
    with pytest.raises(IllegalAction):
        api.apply(pos, "+ap")
    with pytest.raises(IllegalAction):
        api.apply(make(kings(), turn=3), "+ap")


def test_start_of_turn_order_and_income_with_posts():
    p = kings({"c3": struct("C", "Cp", site=True, hp=2, done=True), "a7": struct("C", "De"),
               "b6": unit("C", "Pa", burn=[2, 2]), "a5": unit("C", "Pa", poison=[1, 2, 3], hp=2)})
    pos = make(p, turn=2)
    pos, ents = api.play(pos, "end")
    ev = ents[1]["ev"]
    assert ev[0] == ["complete", "c3"]
    assert ["tick", "a5", "poison", 1, 1] in ev
    assert ["tick", "b6", "burn", 2, 0] in ev and ["die", "b6", "Pa"] in ev
    assert ev[-1] == ["income", 1, 4]
    assert pos["pieces"]["c3"] == {"side": "C", "type": "Cp", "hp": 8, "max": 8, "done": False, "site": False}


def test_end_of_turn_ends_timed_effects_and_active_afflictions():
    p = kings({"c6": unit("C", "Pa", shock=3, freeze=2,
                          fx=[{"k": "fortify", "v": None, "until": 3}, {"k": "hex", "v": "dmg", "until": 4}])})
    pos = api.apply(make(p, turn=3), "end")
    u = pos["pieces"]["c6"]
    assert u["aff"]["shock"] == 1 and u["aff"]["freeze"] == 0
    assert u["fx"] == [{"k": "hex", "v": "dmg", "until": 4}]


def test_pending_shock_turns_active_at_owners_start():
    p = kings({"c2": unit("G", "Pa", shock=1)})
    pos = api.apply(make(p, turn=3), "end")
    assert pos["pieces"]["c2"]["aff"]["shock"] == 2
    assert not any(a.startswith("c2-") for a in api.legal_actions(pos))


def test_hunger_from_round_41():
    pos = make(kings(), turn=82)
    pos, ents = api.play(pos, "end")            # turn 83 = round 42 for Crimson
    assert ["hit", "d7", 2, 18] in ents[1]["ev"]


def test_levy_first_pawn_deploy_free_then_reset():
    a = {"C": api.foe_army(1, "pawnlord"), "G": army(units=("Pa",), extra_in=())}
    g = a["G"]
    pos = make({"d7": unit("C", "Pa", royal=True, max=20), "d1": unit("G", "Ki")}, ap=0,
               armies=a, mode="gauntlet", foe="pawnlord")
    acts = api.legal_actions(pos)
    assert "Pa@a7" in acts
    pos = api.apply(pos, "Pa@a7")
    assert pos["ap"] == 0 and pos["royals"]["C"]["used"] and pos["supply"]["C"] == 9
    assert not any(x.startswith("Pa@") for x in api.legal_actions(pos))
    pos = api.apply(pos, "end")
    assert pos["royals"]["C"]["used"] is False
    assert g  # banner used


def test_resign_changes_only_result_reading_9():
    pos = make(kings(), turn=3, ap=2)
    new, ents = api.play(pos, "resign")
    assert new["result"] == {"winner": "G", "reason": "resign"}
    assert ents == [{"turn": 3, "side": "C", "a": "resign", "ev": [["result", "G", "resign"]]}]
    assert (new["turn"], new["ap"]) == (3, 2)
    assert api.legal_actions(new) == []
    with pytest.raises(IllegalAction):
        api.apply(new, "resign")
    assert api.apply(start(), "resign")["result"]["winner"] == "G"


def test_deploy_arrives_exhausted_pays_and_publishes():
    pos = make(kings(), turn=4, ap=2, public={"C": ["Ki", "De"], "G": ["Ki", "De"]})
    pos, ents = api.play(pos, "Kn@a1")
    assert ents[0]["ev"] == [] and pos["pieces"]["a1"]["done"] and pos["ap"] == 1
    assert pos["supply"]["G"] == 8 and pos["public"]["G"] == ["Ki", "Kn", "De"]
    assert not any(a.startswith("a1") for a in api.legal_actions(pos))


def test_supply_cap_20_counts_structures_as_1():
    p = kings({t: struct("G", "De") for t in ("a2", "b2", "c2", "d2")})
    p.update({t: unit("G", "Bi") for t in ("a3", "b3", "c3", "d3", "e3")})   # 15 + 4 = 19
    pos = make(p, turn=4, supply={"C": 0, "G": 30})
    acts = api.legal_actions(pos)
    assert "Pa@a1" in acts and "Kn@a1" not in acts


def test_scrap_frees_tile_and_rations_reading_15():
    a = army(p=("De",))
    pos = make(kings({"c1": struct("G", "De", done=True)}), turn=4, armies={"C": army(), "G": a})
    pos, ents = api.play(pos, "c1#")
    assert ents[0]["ev"] == [["scrap", "c1"], ["supply", 3, 13]] and "c1" not in pos["pieces"]
