"""RULES §3 — setup: muster, decks, first player, marker; §2 pool/troops data."""
from collections import Counter

import pytest

from towers_core.skirmish import api
from towers_core.errors import BadMuster, TowersError

from helpers import FULL_DECK, POOL, TERRAIN, TROOPS


def troops(cards):
    return sum(TROOPS[c] for c in cards)


# --- validate_muster -------------------------------------------------------------------------

def test_empty_muster_is_king_only():
    assert api.validate_muster([]) == ["K"]


def test_king_added_and_sorted():
    assert api.validate_muster(["Sp", "Kn", "Ar"]) == sorted(["Ar", "K", "Kn", "Sp"])


def test_king_not_duplicated_when_given():
    assert api.validate_muster(["K", "Kn"]) == ["K", "Kn"]


def test_budget_exactly_100_is_legal():
    m = ["Sh", "Cl", "Kn", "Kn", "Kn", "La", "Sp", "Sp", "Sp"]
    assert troops(m) == 100
    assert api.validate_muster(m) == sorted(m + ["K"])


def test_budget_101_is_rejected():
    m = ["Sh", "Cl", "Kn", "Kn", "Kn", "La", "Sp", "Sp", "Sq", "Ar"]  # 24+16+30+12+12+4+5 = 103
    assert troops(m) > 100
    with pytest.raises(BadMuster):
        api.validate_muster(m)
    m = ["Sh", "Cl", "Kn", "Kn", "Kn", "So", "Sq", "Sq", "Ar", "Sp"]  # 101
    assert troops(m) == 101
    with pytest.raises(BadMuster):
        api.validate_muster(m)


def test_more_copies_than_pool_rejected():
    with pytest.raises(BadMuster):
        api.validate_muster(["Kn", "Kn", "Kn", "Kn"])  # 40 troops but only 3 Knights
    with pytest.raises(BadMuster):
        api.validate_muster(["So", "So"])


def test_unknown_card_rejected():
    with pytest.raises(BadMuster):
        api.validate_muster(["Xx"])


def test_two_kings_rejected():
    with pytest.raises(BadMuster):
        api.validate_muster(["K", "K"])


def test_bad_muster_is_a_value_error_naming_the_problem():
    with pytest.raises(ValueError) as exc:
        api.validate_muster(["Kn", "Kn", "Kn", "Kn"])
    assert isinstance(exc.value, TowersError)
    assert "Kn" in str(exc.value)


# --- the pool (RULES §2 table) ----------------------------------------------------------------

def test_card_info_matches_rules_table():
    info = api.CARD_INFO
    assert set(info) == set(POOL)
    for code, n in POOL.items():
        assert info[code]["count"] == n, code
    for code in POOL:
        if code != "K":
            assert info[code]["troops"] == TROOPS[code], code
    ranks = {"Sh": 5, "Cl": 4, "Kn": 3, "La": 3, "Sq": 1, "Ar": 1, "Sp": 2, "Sc": 1, "So": 1}
    for code, r in ranks.items():
        assert info[code]["rank"] == r, code
    assert sum(POOL[c] for c in POOL) == 20
    assert sum(TROOPS[c] * POOL[c] for c in POOL if c != "K") == 161


# --- new_position ------------------------------------------------------------------------------

def test_new_position_start_state():
    musters = {"S": ["Kn", "Sp"], "N": ["Ar"]}
    pos = api.new_position(7, musters)
    assert pos["board"] == {}
    assert pos["barrack"] == {"S": ["K", "Kn", "Sp"], "N": ["Ar", "K"]}
    assert pos["resting"] == {"S": [], "N": []}
    assert pos["captured"] == {"S": [], "N": []}
    assert pos["decks"] == {"S": FULL_DECK, "N": FULL_DECK}
    assert pos["marker"] == 0
    assert pos["actions"] == 0
    assert pos["passes"] == 0
    assert pos["moved"] == {"S": False, "N": False}
    assert pos["result"] is None
    assert pos["to_move"] in ("S", "N")


def test_new_position_empty_musters_king_only():
    pos = api.new_position(3, {"S": [], "N": []})
    assert pos["barrack"] == {"S": ["K"], "N": ["K"]}


def test_new_position_rejects_bad_muster():
    with pytest.raises(BadMuster):
        api.new_position(1, {"S": ["Sh", "Sh"], "N": []})
    with pytest.raises(BadMuster):
        api.new_position(1, {"S": [], "N": ["Sh", "Cl", "Kn", "Kn", "Kn", "La", "La", "Sp", "Sp"]})


def test_same_seed_same_start():
    m = {"S": ["Kn"], "N": ["Kn"]}
    assert api.new_position(42, m) == api.new_position(42, m)
    assert api.new_position(42) == api.new_position(42)


def test_first_player_drawn_from_seed():
    firsts = {api.new_position(s, {"S": [], "N": []})["to_move"] for s in range(40)}
    assert firsts == {"S", "N"}


@pytest.mark.parametrize("seed", range(12))
def test_random_musters_are_legal(seed):
    pos = api.new_position(seed)
    for p in ("S", "N"):
        b = pos["barrack"][p]
        assert b == sorted(b)
        assert Counter(b)["K"] == 1
        assert troops(b) <= 100
        assert api.validate_muster(b) == b
        for code, n in Counter(b).items():
            assert n <= POOL[code]


def test_new_position_with_terrain_first_player_and_musters():
    pos = api.new_position_with_terrain(TERRAIN, {"S": ["Sp"], "N": ["K", "Kn"]}, "N", seed=5)
    assert pos["terrain"] == TERRAIN
    assert pos["to_move"] == "N"
    assert pos["barrack"] == {"S": ["K", "Sp"], "N": ["K", "Kn"]}
    assert pos["marker"] == 0 and pos["board"] == {}
    assert pos["decks"] == {"S": FULL_DECK, "N": FULL_DECK}
    pos = api.new_position_with_terrain(TERRAIN, {"S": [], "N": []}, "S")
    assert pos["to_move"] == "S"
