"""RULES §8 — Dominance step, Reset, win at 10, every ending, resign, end-of-skirmish scoring."""
import pytest

from towers_core.board import OTHER
from towers_core.skirmish import api
from towers_core.errors import IllegalAction

from helpers import go, make_pos

# High ground in the helper terrain: b3 b5 d4 f3 f5.


# === Dominance step ============================================================================

def test_step_toward_mover_with_more_high_ground():
    pos = make_pos({"b3": "S:Sp", "c7": "N:Sp"}, marker=2)
    assert go(pos, "pass")["marker"] == 3


def test_step_toward_north_on_norths_turn():
    pos = make_pos({"c1": "S:Sp", "f5": "N:Sp", "b5": "N:Ar"}, marker=2, to_move="N")
    assert go(pos, "pass")["marker"] == 1


def test_no_step_for_mover_holding_less():
    # at the end of South's turn North holds more: nothing moves (only the mover's step)
    pos = make_pos({"c1": "S:Sp", "f5": "N:Sp"}, marker=2)
    assert go(pos, "pass")["marker"] == 2


@pytest.mark.parametrize("holder", ["S:Sp", "S:Spd", "S:Sp^", "S:Sp^d"])
def test_any_face_or_posture_holds_high_ground(holder):
    pos = make_pos({"d4": holder, "c7": "N:Sp"})
    assert go(pos, "pass")["marker"] == 1


def test_king_holds_no_high_ground():
    pos = make_pos({"d4": "S:K^", "c1": "S:Sp", "c7": "N:Sp"})
    assert go(pos, "pass")["marker"] == 0


def test_high_ground_counts_squares_not_only_presence():
    # 2 vs 1: South steps
    pos = make_pos({"b3": "S:Sp", "f3": "S:Sp", "f5": "N:Sp"})
    assert go(pos, "pass")["marker"] == 1


def test_capture_count_breaks_level_high_ground():
    pos = make_pos({"b3": "S:Sp", "f5": "N:Sp"}, captured={"S": ["Sp", "Ar"], "N": ["Ar"]})
    assert go(pos, "pass")["marker"] == 1


def test_capture_count_ignored_when_high_ground_not_level():
    pos = make_pos({"c1": "S:Sp", "f5": "N:Sp"}, captured={"S": ["Sp", "Ar"]})
    assert go(pos, "pass")["marker"] == 0


def test_equal_everything_no_step():
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, captured={"S": ["Sp"], "N": ["Ar"]}, marker=-3)
    assert go(pos, "pass")["marker"] == -3


def test_used_up_soulcaster_counts_as_captured_for_the_step():
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, captured={"N": ["So"]}, to_move="N")
    assert go(pos, "pass")["marker"] == -1


def test_routs_never_count():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sp^", "g1": "S:Sc"})
    new = go(pos, "c2xc3")  # routed
    assert new["captured"] == {"S": [], "N": []}
    assert new["marker"] == 0


# === Win by Dominance ===========================================================================

def test_south_reaches_ten():
    pos = make_pos({"b3": "S:Sp", "c7": "N:Sp"}, marker=9)
    new = go(pos, "b3d")
    assert new["marker"] == 10
    assert new["result"] == {"winner": "S", "reason": "dominance"}


def test_north_reaches_ten():
    pos = make_pos({"c1": "S:Sp", "f5": "N:Sp"}, marker=-9, to_move="N")
    new = go(pos, "f5d")
    assert new["marker"] == -10
    assert new["result"] == {"winner": "N", "reason": "dominance"}


@pytest.mark.parametrize("mover,marker,winner", [("S", 10, "S"), ("N", -10, "N"), ("S", -10, None), ("N", 10, None)])
def test_a_file_already_at_the_movers_ten_is_won_without_a_step(mover, marker, winner):
    """§8 "At P's 10, P wins" and rules decision 24: a loaded file whose marker already stands at the
    mover's 10 is won by the mover's Dominance step even when the marker does not move (level high
    ground and captures); the opponent's 10 is checked at the end of the opponent's own turn."""
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, marker=marker, to_move=mover)
    new = go(pos, "pass")
    assert new["marker"] == marker
    assert new["result"] == (None if winner is None else {"winner": winner, "reason": "dominance"})
    if winner is None:  # the owner of that 10 wins at the end of their next turn
        assert go(new, "pass")["result"] == {"winner": OTHER[mover], "reason": "dominance"}


# === Reset =====================================================================================

def test_reset_when_capturing_on_opponents_side():
    # marker on North's side; South captures -> 0; North captured more before -> no step after
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sq^", "g1": "S:Sc"},
                   captured={"N": ["Sp", "Sp", "Ar"]}, marker=-4)
    new = go(pos, "c2xc3")
    assert new["captured"]["S"] == ["Sq"]
    assert new["marker"] == 0


def test_reset_then_step():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sq^"}, marker=-4)
    assert go(pos, "c2xc3")["marker"] == 1


def test_no_reset_on_own_side():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sq^"}, marker=4)
    assert go(pos, "c2xc3")["marker"] == 5


def test_defender_capturing_attacker_resets():
    # South attacks on South's side of the track and loses the attacker to North: North captured
    pos = make_pos({"c2": "S:Sq^", "c3": "N:Kn", "g1": "S:Sc"}, marker=5)
    new = go(pos, "c2xc3", D=0)
    assert new["captured"]["N"] == ["Sq"]
    assert new["marker"] == 0  # reset; then S's step: level high ground, fewer captures


def test_no_reset_at_zero():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sq^"}, marker=0)
    assert go(pos, "c2xc3")["marker"] == 1


# === Empty board ================================================================================

def test_attacker_lost_leaves_empty_board():
    pos = make_pos({"c2": "S:Sq^", "c3": "N:Kn"})
    new = go(pos, "c2xc3", D=0)
    assert new["result"] == {"winner": "N", "reason": "empty"}


def test_empty_board_check_before_dominance():
    # South would step to 10 on captures (high ground level at 0) but has no card on the board
    pos = make_pos({"c7": "N:Sp"}, captured={"S": ["Sp"]}, marker=9)
    new = go(pos, "pass")
    assert new["result"] == {"winner": "N", "reason": "empty"}
    assert new["marker"] == 9


# === Two passes and scoring =====================================================================

def test_two_passes_more_high_ground_wins():
    pos = make_pos({"b3": "S:Sp", "c7": "N:Sp"}, captured={"N": ["Kn", "Kn", "Ar"]}, passes=1)
    new = go(pos, "pass")
    assert new["result"] == {"winner": "S", "reason": "passes"}


def test_two_passes_captured_value_not_count():
    # South 3 cards worth 3, North 2 cards worth 4 (rank >= 2 scores 2)
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"},
                   captured={"S": ["Sq", "Sq", "Ar"], "N": ["Kn", "Sp"]}, passes=1)
    new = go(pos, "pass")
    assert new["result"] == {"winner": "N", "reason": "passes"}
    assert new["marker"] == 1, "the Dominance step ran first (count 3 > 2)"


def test_two_passes_used_up_soulcaster_scores_one():
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, captured={"N": ["So"]}, passes=1,
                   to_move="N")
    new = go(pos, "pass")
    assert new["result"] == {"winner": "N", "reason": "passes"}


def test_two_passes_draw():
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, captured={"S": ["Kn"], "N": ["Sq", "Ar"]},
                   passes=1)
    new = go(pos, "pass")
    assert new["result"] == {"winner": None, "reason": "passes"}


def test_second_passer_wins_by_dominance():
    pos = make_pos({"b3": "S:Sp", "c7": "N:Sp"}, marker=9, passes=1)
    new = go(pos, "pass")
    assert new["result"] == {"winner": "S", "reason": "dominance"}


def test_second_passer_loses_by_empty_board():
    pos = make_pos({"c7": "N:Sp"}, passes=1)
    new = go(pos, "pass")
    assert new["result"] == {"winner": "N", "reason": "empty"}


def test_long_game_scored_like_passes():
    pos = make_pos({"c1": "S:Sp", "f5": "N:Sp"}, actions=399)
    new = go(pos, "c1d")
    assert new["result"] == {"winner": "N", "reason": "long-game"}
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, captured={"S": ["Sp"]}, actions=399)
    new = go(pos, "c1d")
    assert new["result"] == {"winner": "S", "reason": "long-game"}


def test_long_game_dominance_first():
    pos = make_pos({"b3": "S:Sp", "c7": "N:Sp"}, actions=399, marker=9)
    new = go(pos, "pass")
    assert new["result"] == {"winner": "S", "reason": "dominance"}


# === Resign =====================================================================================

def resign_position(marker=0):
    return make_pos({
        "c2": "S:Kn^", "b2": "N:Sp", "d2": "N:Sp^d",      # Kn touched by 2: captured
        "e5": "S:Sp", "e6": "N:Ar",                         # touched by 1: home
        "a1": "S:K^", "a2": "N:Kn^", "b1": "N:Kn^",         # King touched by 2: home
        "g3": "S:Ar^d",                                    # untouched: home
    }, barrack={"S": ["Sq"]}, resting={"S": ["Sq"]}, marker=marker, actions=30, passes=1)


def test_resign():
    pos = resign_position()
    new = go(pos, "resign")
    assert new["result"] == {"winner": "N", "reason": "resign"}
    assert not any(e["owner"] == "S" for e in new["board"].values())
    assert new["captured"]["N"] == ["Kn"]
    assert new["barrack"]["S"] == sorted(["Sq", "Sp", "K", "Ar"])
    assert new["resting"]["S"] == sorted(["Sp", "K", "Ar"])
    assert new["to_move"] == "N" and new["actions"] == 31 and new["passes"] == 0
    assert new["moved"]["S"] is True
    assert {sq for sq in new["board"]} == {"b2", "d2", "e6", "a2", "b1"}


def test_resign_capture_resets_marker():
    assert go(resign_position(marker=6), "resign")["marker"] == 0


def test_resign_capture_no_reset_on_own_side():
    assert go(resign_position(marker=-6), "resign")["marker"] == -6


def test_resign_without_capture_keeps_marker_and_runs_no_step():
    pos = make_pos({"b3": "S:Sp", "c7": "N:Sp"}, marker=4)
    new = go(pos, "resign")
    assert new["marker"] == 4
    assert new["barrack"]["S"] == ["K", "Sp"]
    assert new["resting"]["S"] == ["Sp"], "the King never left the barrack: not resting"
    assert new["board"] == {"c7": make_pos({"c7": "N:Sp"})["board"]["c7"]}


def test_resign_by_north():
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, to_move="N")
    new = go(pos, "resign")
    assert new["result"] == {"winner": "S", "reason": "resign"}
    assert new["to_move"] == "S"


# === After the end ===============================================================================

def test_no_actions_after_result():
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, result={"winner": "S", "reason": "resign"})
    assert api.legal_actions(pos) == []
    with pytest.raises(IllegalAction):
        go(pos, "pass")
