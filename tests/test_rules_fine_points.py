"""RULES §11 — each fine point 1-18 pinned by at least one test (named test_fpNN_...)."""
import pytest

from towers_core.skirmish import api
from towers_core.errors import IllegalAction

from helpers import at, deck, go, legal, make_pos, spec_at


def rejects(pos, action):
    assert action not in legal(pos)
    with pytest.raises(IllegalAction):
        go(pos, action)


# --- 1. bookkeeping after every action ------------------------------------------------------

def test_fp01_bookkeeping_plain_action_full_position():
    pos = make_pos({"c1": "S:Kn", "c7": "N:Sp"}, barrack={"S": ["Sp"], "N": ["Ar"]},
                   resting={"S": ["Sp"], "N": ["Ar"]}, moved={"S": False, "N": True},
                   actions=5, passes=1, marker=-1)
    new = go(pos, "c1-c2")
    expected = make_pos({"c2": "S:Kn", "c7": "N:Sp"}, barrack={"S": ["Sp"], "N": ["Ar"]},
                        resting={"S": [], "N": ["Ar"]}, moved={"S": True, "N": True},
                        actions=6, passes=0, marker=-1, to_move="N")
    assert new == expected


def test_fp01_bookkeeping_pass():
    pos = make_pos({"c1": "S:Kn", "c7": "N:Sp"}, moved={"S": True, "N": False}, to_move="N",
                   actions=9, passes=0)
    new = go(pos, "pass")
    assert (new["actions"], new["passes"], new["moved"], new["to_move"]) == (
        10, 1, {"S": True, "N": True}, "S")


def test_fp01_bookkeeping_on_king_capture_and_no_later_checks():
    pos = make_pos({"c3": "N:K^", "c2": "S:Kn^", "d3": "S:Kn^", "c4": "S:La^"},
                   barrack={"S": ["Sp"]}, resting={"S": ["Sp"]}, moved={"S": False, "N": True},
                   marker=-5, actions=40, passes=1)
    new = go(pos, "c2xc3")
    assert new["result"] == {"winner": "S", "reason": "king"}
    assert new["actions"] == 41 and new["passes"] == 0
    assert new["moved"] == {"S": True, "N": True}
    assert new["resting"]["S"] == []
    assert new["to_move"] == "N"
    assert new["marker"] == 0, "Reset, and no Dominance step once the result is set"


def test_fp01_resign_result_stops_empty_board_check():
    pos = make_pos({"c2": "S:Kn", "c7": "N:Sp"}, actions=12)
    new = go(pos, "resign")
    assert new["result"] == {"winner": "N", "reason": "resign"}
    assert new["actions"] == 13 and new["to_move"] == "N"
    assert new["resting"]["S"] == ["Kn"]


# --- 2. end-of-turn order ----------------------------------------------------------------------

def test_fp02_empty_board_before_dominance():
    pos = make_pos({"c7": "N:Sp"}, captured={"S": ["Ar"]}, marker=9)
    assert go(pos, "pass")["result"] == {"winner": "N", "reason": "empty"}


def test_fp02_dominance_before_two_passes():
    pos = make_pos({"f3": "S:Sp", "c7": "N:Sp"}, marker=9, passes=1)
    new = go(pos, "pass")
    assert new["result"] == {"winner": "S", "reason": "dominance"} and new["marker"] == 10


def test_fp02_empty_board_on_second_pass():
    pos = make_pos({"c7": "N:Sp"}, passes=1)
    assert go(pos, "pass")["result"] == {"winner": "N", "reason": "empty"}


def test_fp02_second_pass_on_action_400_is_passes():
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, passes=1, actions=399,
                   captured={"N": ["Ar"]})
    assert go(pos, "pass")["result"] == {"winner": "N", "reason": "passes"}


def test_fp02_long_game_fires_at_400():
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, passes=0, actions=399, captured={"N": ["Ar"]})
    assert go(pos, "c1d")["result"] == {"winner": "N", "reason": "long-game"}


# --- 3. captured King ---------------------------------------------------------------------------

def test_fp03_captured_king():
    pos = make_pos({"e5": "S:K", "e4": "N:Kn^", "d5": "N:Kn^", "e6": "N:Sh^", "c7": "N:Sp"},
                   to_move="N", marker=4)
    new = go(pos, "e4xe5")
    assert at(new, "e4") is None and spec_at(new, "e5") == "N:Kn^"
    assert new["captured"]["N"] == ["K"]
    assert new["marker"] == 0
    assert new["result"] == {"winner": "N", "reason": "king"}
    assert api.legal_actions(new) == []


# --- 4. no Might with a King in the fight --------------------------------------------------------

def test_fp04_king_fight_no_pull_no_reveals():
    pos = make_pos({"c2": "S:K", "c3": "N:Kn^", "b2": "S:Cl", "d2": "S:Sq", "a3": "S:Ar",
                    "d3": "N:Sq", "c4": "N:Sp"})
    assert api.pull_outcomes(pos, "c2xc3") == [({}, 1.0)]
    new = go(pos, "c2xc3")
    assert spec_at(new, "c3") == "S:K^s"
    for sq in ("b2", "d2", "a3", "d3", "c4"):
        assert at(new, sq)["up"] is False
    assert new["decks"] == pos["decks"]


# --- 5. King pinned after his own deploy/maneuver ------------------------------------------------

def test_fp05_king_deploy_then_pinned():
    pos = make_pos({"b2": "N:Kn^", "c1": "S:Sp", "a1": "N:La^", "g7": "N:Sp"})
    # K@b1 touches a1 (La) and b2 (Kn): pinned at once
    acts = legal(pos)
    assert "K@b1" in acts
    assert "K@b1xb2" not in acts and "K@b1xa1" not in acts


# --- 6. posture runs -----------------------------------------------------------------------------

def test_fp06_runs_start_and_end_on_non_king():
    pos = make_pos({"b2": "S:K", "c2": "S:Kn", "d2": "S:Sp", "e2": "S:Ar"})
    acts = {a for a in legal(pos) if a.endswith("d") and a[0] in "abcdefg" and len(a) in (3, 6)}
    assert "b2:c2d" not in acts and "b2:e2d" not in acts
    assert {"c2d", "d2d", "e2d", "c2:d2d", "d2:e2d", "c2:e2d"} == acts


def test_fp06_single_card_written_once():
    pos = make_pos({"c2": "S:Kn"})
    assert "c2d" in legal(pos) and "c2:c2d" not in legal(pos)


# --- 7. resign ----------------------------------------------------------------------------------

def test_fp07_resign_any_face_or_posture_touching():
    pos = make_pos({"c2": "S:Sp", "b2": "N:Ard", "d2": "N:Sp", "c1": "S:K", "b1": "N:Kn^",
                    "d1": "N:Kn^"}, marker=3)
    new = go(pos, "resign")
    assert new["captured"]["N"] == ["Sp"]
    assert new["barrack"]["S"] == ["K"] and new["resting"]["S"] == ["K"]
    assert new["marker"] == 0


# --- 8. pins and the three ------------------------------------------------------------------------

def test_fp08_pins_count_revealed_knights_any_posture_and_enemy_king():
    pos = make_pos({"c2": "S:K^", "b2": "N:K^s", "d2": "N:Kn^d", "c3": "N:Sp^"})
    assert not any(a.startswith("c2") for a in legal(pos))


def test_fp08_three_attacker_counts_as_revealed_and_must_be_knight_class():
    base = {"c3": "N:K^", "d3": "S:Kn^", "c4": "S:Cl^"}
    assert "c2xc3" in legal(make_pos({**base, "c2": "S:La"}))
    rejects(make_pos({**base, "c2": "S:Sp", "b3": "S:Kn^"}), "c2xc3")


# --- 9. the card behind ----------------------------------------------------------------------------

def test_fp09_behind_never_revealed_and_counts_for_legality():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sp^", "c4": "N:K", "g1": "S:Sc"})
    new = go(pos, "c2xc3")
    assert spec_at(new, "c4") == "N:K"
    assert spec_at(new, "c3") == "N:Sp^" and spec_at(new, "c2") == "S:Kn^"
    # Sp 2 vs Kn 3 + behind 1: illegal although the card behind is face-down
    rejects(make_pos({"c2": "S:Sp^", "c3": "N:Kn^", "c4": "N:Ar"}), "c2xc3")


# --- 10. legality before the pull ----------------------------------------------------------------

def test_fp10_legality_only_face_up_defender_and_no_king():
    assert "c2xc3" in legal(make_pos({"c2": "S:Sq^", "c3": "N:Sh"}))
    assert "c2xc3" in legal(make_pos({"c2": "S:K^", "c3": "N:Sh^d"}))
    rejects(make_pos({"c2": "S:Sq^", "c3": "N:Kn^"}), "c2xc3")


def test_fp10_raw_numbers_no_brace_no_pull():
    assert "c2xc3" in legal(make_pos({"c2": "S:Sp^", "c3": "N:Sp^d"}))
    rejects(make_pos({"c2": "S:Sq", "c3": "N:Kn^"}), "c2xc3")


def test_fp10_defender_squires_only_if_face_up():
    assert "c2xc3" in legal(make_pos({"c2": "S:Sp^", "c3": "N:Kn^", "b3": "N:Sq"}))
    rejects(make_pos({"c2": "S:Sp^", "c3": "N:Kn^", "b3": "N:Sq^"}), "c2xc3")


# --- 11. decks ------------------------------------------------------------------------------------

def test_fp11_all_zero_deck_can_appear_and_refills_only_at_pull():
    pos = make_pos({"c2": "S:Kn", "c3": "N:Kn^", "c7": "N:Sp"},
                   decks={"S": deck(0, 0, 0), "N": deck(0, 0, 0)})
    new = go(pos, "c2d")
    assert new["decks"] == {"S": deck(0, 0, 0), "N": deck(0, 0, 0)}
    new = go(pos, "c2xc3", A=0)
    assert new["decks"] == {"S": deck(3, 5, 3), "N": deck(0, 0, 0)}


def test_fp11_pull_values_are_integers():
    pos = make_pos({"c2": "S:Kn", "c3": "N:Kn"})
    for pull, _p in api.pull_outcomes(pos, "c2xc3"):
        assert set(pull) == {"A", "D"}
        for v in pull.values():
            assert type(v) is int and v in (1, 0, -1)


# --- 12. captured more compares counts -------------------------------------------------------------

def test_fp12_captured_count_includes_soulcasters():
    # North: one used-up South Soulcaster vs South's nothing -> North steps on its turn
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, captured={"N": ["So"]}, to_move="N")
    assert go(pos, "pass")["marker"] == -1
    # South 2 low cards vs North 1 Knight: count, not value
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, captured={"S": ["Sq", "Ar"], "N": ["Kn"]})
    assert go(pos, "pass")["marker"] == 1


# --- 13. soulcast ---------------------------------------------------------------------------------

def test_fp13_soulcast_bookkeeping():
    pos = make_pos({"c2": "S:So", "c3": "N:Ar^", "g1": "S:Sp"}, marker=-2)
    new = go(pos, "c2*c3")
    assert new["captured"] == {"S": ["Ar"], "N": ["So"]}
    assert at(new, "c2") is None and at(new, "c3") is None
    assert new["marker"] == 0


def test_fp13_soulcast_face_down_king_only_flips():
    pos = make_pos({"c2": "S:So", "c3": "N:K", "g1": "S:Sp"})
    new = go(pos, "c2*c3")
    assert spec_at(new, "c2") == "S:So^" and spec_at(new, "c3") == "N:K^"
    assert new["captured"] == {"S": [], "N": []}
    rejects(make_pos({"c2": "S:So", "c3": "N:K^", "g1": "S:Sp"}), "c2*c3")


# --- 14. scout targets and 2-step move ----------------------------------------------------------

def test_fp14_scout_targets_face_down_king_at_distance_two():
    pos = make_pos({"c2": "S:Sc", "e2": "N:K"})
    assert "c2?e2" in legal(pos)
    assert spec_at(go(pos, "c2?e2"), "e2") == "N:K^"


def test_fp14_two_step_ends_elsewhere_on_empty_square():
    pos = make_pos({"c2": "S:Sc", "c3": "N:Sp", "b2": "S:Sp", "d2": "S:Sp"})
    moves = {a for a in legal(pos) if a.startswith("c2-") and len(a) == 5}
    # only c1 is an empty first step; from c1: b1, d1 (c2 is the start)
    assert moves == {"c2-c1", "c2-b1", "c2-d1"}


# --- 15. face-down King attacked by any ready non-King card ---------------------------------------

@pytest.mark.parametrize("attacker", ["S:Sq", "S:So^", "S:Ar", "S:Sc^"])
def test_fp15_face_down_king_any_attacker_reveals(attacker):
    pos = make_pos({"c2": attacker, "c3": "N:K"})
    new = go(pos, "c2xc3")
    assert spec_at(new, "c3") == "N:K^"
    assert at(new, "c2")["up"] is True and at(new, "c2")["owner"] == "S"


def test_fp15_defensive_card_cannot_attack_king():
    rejects(make_pos({"c2": "S:Knd", "c3": "N:K"}), "c2xc3")


# --- 16. "two enemy cards touch A" counted with D on the board --------------------------------------

def test_fp16_defender_counts_among_the_two():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Cl^", "d2": "N:Sq", "g1": "S:Sc"})
    new = go(pos, "c2xc3")  # 3 vs 4, D + d2 touch A: captured
    assert new["captured"]["N"] == ["Kn"]
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Cl^", "g1": "S:Sc"})
    new = go(pos, "c2xc3")  # only D touches: routed
    assert new["captured"]["N"] == [] and new["resting"]["S"] == ["Kn"]


# --- 17. routed defender rests at once -------------------------------------------------------------

def test_fp17_routed_defender_joins_resting_at_once():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sp^", "c7": "N:Ar"}, barrack={"N": ["Sp"]})
    new = go(pos, "c2xc3")
    assert new["barrack"]["N"] == ["K", "Sp", "Sp"]
    assert new["resting"]["N"] == ["Sp"]
    assert new["to_move"] == "N"
    assert "Sp@a7" in legal(new), "the other Spearman was not routed"
    after = go(new, "c7d")
    assert after["resting"]["N"] == []


# --- 18. Command, bonus reveals, march after 2 squares, friendly King supporter ---------------------

def test_fp18_command_never_to_defender_or_captainlord():
    # the Captainlord's own attack gets no Command (4 vs defensive Kn 4: hold)
    pos = make_pos({"c2": "S:Cl^", "c3": "N:Kn^d"})
    new = go(pos, "c2xc3")
    assert spec_at(new, "c2") == "S:Cl^" and spec_at(new, "c3") == "N:Kn^d"


@pytest.mark.parametrize("helper,sq", [("S:Cld", "b2"), ("S:Sqd", "b2"), ("S:Ard", "a3")])
def test_fp18_defensive_face_down_helpers_give_bonus_and_flip(helper, sq):
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Kn^", sq: helper})
    new = go(pos, "c2xc3")
    assert at(new, "c2") is None and spec_at(new, "c3") == "S:Kn^"
    assert at(new, sq)["up"] is True and at(new, sq)["posture"] == "defensive"


def test_fp18_marching_strike_after_scout_two_step():
    # Scout 1 moves two steps (turning) and attacks: 1 + 1 march vs Sq 1 -> routed
    pos = make_pos({"b1": "S:Sc^", "c3": "N:Sq^"})
    assert "b1-c2xc3" in legal(pos)
    new = go(pos, "b1-c2xc3")
    assert spec_at(new, "c3") == "S:Sc^" and new["resting"]["N"] == ["Sq"]


def test_fp18_friendly_king_touching_defender_supports():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Kn^", "d3": "S:K^"})
    new = go(pos, "c2xc3")
    assert new["captured"]["S"] == ["Kn"]
    assert spec_at(new, "d3") == "S:K^"
