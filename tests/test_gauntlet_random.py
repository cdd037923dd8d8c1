"""§17 random numbers: SplitMix64, Fisher–Yates, label seeds, the field, foe loadouts."""
import hashlib

import pytest

from towers_core.errors import TowersError
from towers_core.gauntlet import api
from towers_core.gauntlet.foes import FOES
from towers_core.gauntlet.rng import SplitMix64, field


def test_splitmix64_reference_vectors():
    assert SplitMix64(0).next() == 0xE220A8397B1DCDAF
    r = SplitMix64(1234567)
    assert [r.next() for _ in range(3)] == [6457827717110365317, 3203168211198807973,
                                            9817491932198370423]


def test_draw_and_shuffle_follow_17_1():
    a, b = SplitMix64(42), SplitMix64(42)
    items = list(range(6))
    a.shuffle(items)
    expect = list(range(6))
    for i in range(5, 0, -1):
        j = b.next() % (i + 1)
        expect[i], expect[j] = expect[j], expect[i]
    assert items == expect


def test_label_seed_is_sha256_of_label_bar_hex_run_seed():
    digest = hashlib.sha256(b"field|steel-prince|00000000deadbeef").digest()
    assert api.label_seed("field|steel-prince", 0xDEADBEEF) == int.from_bytes(digest[:8], "big")


def test_field_draws_x_then_y_then_chests():
    r = SplitMix64(7)
    x, y = "bcdef"[r.draw(5)], "bcdef"[r.draw(5)]
    files = list("abcdefg")
    gold = files.pop(r.draw(7))
    tome = files[r.draw(6)]
    tiles, chests = field(7, True)
    assert tiles == [x + "3", y + "4", x + "5"]
    assert chests == {gold + "6": "gold", tome + "6": "tome"}
    assert field(7, False) == (tiles, {})


def test_new_position_uses_the_field_seed():
    pos = api.new_position("00000000000000ff", {"C": api.foe_army(5, "pawnlord"), "G": _banner()},
                           mode="gauntlet", foe={"id": "pawnlord", "echo": 0})
    tiles, chests = field(255, True)
    assert pos["seed"] == "00000000000000ff" and pos["control_tiles"] == tiles and pos["chests"] == chests


def _banner():
    from gauntlet_helpers import army
    a = army(units=("Pa",))
    for s in ("Wt", "Bk"):
        a[s]["in"] = False
    return a


def test_foe_loadout_order_17_3():
    run = 123456789
    foe = FOES["steel-prince"]
    r = SplitMix64(api.label_seed("loadout|steel-prince", run))
    paths = {"Pa": ("detonate", "fury")[r.draw(2)], "Kn": ("extra", "flame")[r.draw(2)]}
    structs = r.shuffle(["De", "Cp", "Bk"])
    perks = r.shuffle(["Pa", "Kn", "De", "Cp", "Bk"])
    a = api.foe_army(run, "steel-prince")
    assert a["Pa"]["r"] == paths["Pa"] and a["Kn"]["r"] == paths["Kn"]
    research = {"De": "quick", "Cp": "medical", "Bk": "magnetic"}
    assert {s for s in ("De", "Cp", "Bk") if a[s]["r"]} == {structs[0]}
    assert a[structs[0]]["r"] == research[structs[0]]
    prices = {"Pa": 10, "Kn": 20, "De": 30, "Cp": 30, "Bk": 30}
    gold, bought = foe.gold, set()
    for s in perks:
        if prices[s] <= gold:
            gold -= prices[s]
            bought.add(s)
    assert {s for s in a if a[s]["p"]} == bought
    assert [s for s in a if a[s]["in"]] == ["Pa", "Kn", "De", "Cp", "Bk"]


@pytest.mark.parametrize("foe_id", list(FOES))
def test_every_foe_army_holds_its_roster_and_budget(foe_id):
    from towers_core.gauntlet.units import PERKS
    f = FOES[foe_id]
    a = api.foe_army(99, foe_id)
    assert a["Ki"]["in"] == (foe_id == "dead-king") and a["Ki"]["r"] is None
    assert a[f.sig]["in"]
    assert sum(1 for s in ("De", "Cp", "Wt", "Bk") if a[s]["r"]) == f.tier
    assert sum(PERKS[s][1] for s in a if a[s]["p"]) <= f.gold
    assert api.foe_army(99, foe_id) == a


def test_foe_army_rejects_bad_input():
    with pytest.raises(TowersError):
        api.foe_army(5, "nobody")
    with pytest.raises(TowersError):
        api.foe_army(-1, "pawnlord")
