"""RULES §2 — each card's ability (Shardblade, Command, Attend, Volley, Brace, Lancer and Scout
movement, Soulcast) and the "Knight or better" class."""
import pytest

from towers_core.skirmish import api

from helpers import at, go, legal, spec_at
from helpers import make_pos as _make_pos


def make_pos(board, **kw):
    # spare South card far away so a lost fighter never ends the game by an empty board
    return _make_pos({"g1": "S:Sc", **board}, **kw)


def captured_by_s(new, victim, a="c2", d="c3", a_spec=None):
    assert at(new, a) is None
    if a_spec:
        assert spec_at(new, d) == a_spec
    assert new["captured"]["S"] == [victim]


def routed_n(new, victim):
    assert victim in new["barrack"]["N"] and victim in new["resting"]["N"]
    assert new["captured"]["S"] == []


# --- Shardbearer ------------------------------------------------------------------------------

def test_shardblade_exactly_one_no_supporter_captures():
    new = go(make_pos({"c2": "S:Sh^", "c3": "N:Cl^"}), "c2xc3")
    captured_by_s(new, "Cl", a_spec="S:Sh^")


def test_shardblade_via_pull():
    # face-down Shardbearer pulls -1: 4 vs Kn 3 -> exactly 1 -> captured
    new = go(make_pos({"c2": "S:Sh", "c3": "N:Kn^"}), "c2xc3", A=-1)
    captured_by_s(new, "Kn", a_spec="S:Sh^")


def test_other_card_ahead_by_one_only_routs():
    new = go(make_pos({"c2": "S:Cl^", "c3": "N:Kn^"}), "c2xc3")
    routed_n(new, "Kn")


def test_shardbearer_tie_still_holds():
    new = go(make_pos({"c2": "S:Sh^", "c3": "N:Cl^d"}), "c2xc3")
    assert spec_at(new, "c2") == "S:Sh^" and spec_at(new, "c3") == "N:Cl^d"


# --- Captainlord ------------------------------------------------------------------------------

@pytest.mark.parametrize("attacker", ["S:Sp^", "S:Sq^", "S:Ar^"])
def test_command_helps_any_other_card_attacking(attacker):
    # Sp 2 +1 vs Sp 2 -> routs; Sq/Ar 1 +1 vs Sq 1 -> routs
    d = "N:Sp^" if attacker == "S:Sp^" else "N:Sq^"
    new = go(make_pos({"c2": attacker, "c3": d, "c1": "S:Cl"}), "c2xc3")
    routed_n(new, d[2:4])
    assert spec_at(new, "c1") == "S:Cl^"


def test_command_does_not_help_defence():
    # North Cl touches North defender and the South attacker: no bonus either way
    new = go(make_pos({"c2": "S:Kn^", "c3": "N:Sp^", "d3": "N:Cl"}), "c2xc3")
    routed_n(new, "Sp")
    assert spec_at(new, "d3") == "N:Cl"


# --- Attending Squire -------------------------------------------------------------------------

@pytest.mark.parametrize("knight", ["Kn", "La", "Cl", "Sh"])
def test_squire_attends_knight_or_better(knight):
    # rank + 1 attend vs defender of rank + 1 (defensive): hold; without Squire attacker routed
    d = {"Kn": "N:Kn^d", "La": "N:La^d", "Cl": "N:Cl^d", "Sh": "N:Sh^d"}[knight]
    new = go(make_pos({"c2": f"S:{knight}^", "c3": d, "b2": "S:Sq"}), "c2xc3")
    assert spec_at(new, "c2") == f"S:{knight}^" and spec_at(new, "c3") == d
    assert spec_at(new, "b2") == "S:Sq^"
    new = go(make_pos({"c2": f"S:{knight}^", "c3": d}), "c2xc3")
    assert at(new, "c2") is None and new["resting"]["S"] == [knight]


@pytest.mark.parametrize("lesser", ["Sp", "Sq", "Ar", "Sc", "So"])
def test_squire_ignores_lesser_cards(lesser):
    rank = {"Sp": 2, "Sq": 1, "Ar": 1, "Sc": 1, "So": 1}[lesser]
    d = "N:Sp^" if rank == 2 else "N:Sq^"
    pos = make_pos({"c2": f"S:{lesser}^", "c3": d, "c1": "S:Sq"})
    new = go(pos, "c2xc3")
    assert spec_at(new, "c2") == f"S:{lesser}^" and spec_at(new, "c3") == d
    assert spec_at(new, "c1") == "S:Sq"


def test_two_squires_give_two():
    new = go(make_pos({"c2": "S:Kn^", "c3": "N:Kn^", "b2": "S:Sq", "d2": "S:Sq"}), "c2xc3")
    captured_by_s(new, "Kn", a_spec="S:Kn^")


# --- Archer -----------------------------------------------------------------------------------

def test_two_archers_volley():
    # Sq 1 + 2 volleys vs Kn 3: tie -> hold; both Archers revealed
    pos = make_pos({"c2": "S:Sq^", "c3": "N:Kn^", "a3": "S:Ar", "c1": "S:Ar"})
    new = go(pos, "c2xc3")
    assert spec_at(new, "c2") == "S:Sq^" and spec_at(new, "c3") == "N:Kn^"
    assert spec_at(new, "a3") == "S:Ar^" and spec_at(new, "c1") == "S:Ar^"


def test_archer_volley_counts_as_supporter_for_capture_at_one():
    new = go(make_pos({"c2": "S:Kn^", "c3": "N:Sp^", "a3": "S:Ar"}), "c2xc3")
    captured_by_s(new, "Sp")  # 4 vs 2: captured anyway; check ahead-by-one next
    new = go(make_pos({"c2": "S:Kn^", "c3": "N:Kn^", "a3": "S:Ar"}), "c2xc3")
    captured_by_s(new, "Kn")


# --- Spearman ---------------------------------------------------------------------------------

def test_brace_with_pull():
    # face-down defensive Spearman pulls +1: Kn 3 + 1 supporter = 4 vs 2+1+1 = 4 -> Brace: routed
    pos = make_pos({"c2": "S:Kn^", "d3": "S:Ar", "c3": "N:Spd"})
    new = go(pos, "c2xc3", D=1)
    assert at(new, "c2") is None and new["resting"]["S"] == ["Kn"]
    assert spec_at(new, "c3") == "N:Sp^d"


def test_ready_spearman_has_no_brace():
    pos = make_pos({"c2": "S:Sp^", "c3": "N:Sp^"})
    new = go(pos, "c2xc3")
    assert spec_at(new, "c2") == "S:Sp^" and spec_at(new, "c3") == "N:Sp^"


# --- Lancer / Scout movement (details in test_rules_actions) ------------------------------------

def test_lancer_does_not_turn():
    pos = make_pos({"c2": "S:La"})
    assert "c2-d3" not in legal(pos) and "c2-c4" in legal(pos)


def test_other_cards_move_one():
    pos = make_pos({"c2": "S:Kn"})
    assert "c2-c4" not in legal(pos) and "c2-d3" not in legal(pos)


# --- Soulcaster -------------------------------------------------------------------------------

def test_only_soulcaster_soulcasts_and_only_scout_scouts():
    pos = make_pos({"c2": "S:Kn", "c3": "N:Sp", "d2": "S:Sp"})
    assert not any("*" in a or "?" in a for a in legal(pos))


def test_card_info_abilities_present():
    for code in ("Sh", "Cl", "Sq", "Ar", "Sp", "Sc", "So"):
        assert api.CARD_INFO[code]["ability"]
