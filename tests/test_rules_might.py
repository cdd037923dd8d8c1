"""RULES §5 — Might: every term, the outcome table, reveals, legality before the pull, pulls.

Most fights are South c2 attacking North c3 (no terrain on b2, c1, c2, c3, c4, d2, d3; b3 is high
ground and is left empty unless a test needs it).  Face-up fighters do not pull, so those fights are
exact; face-down fighters get forced pulls.
"""
import pytest

from towers_core.skirmish import api
from towers_core.errors import IllegalAction

from helpers import at, deck, fight, go, legal, outcomes, spec_at
from helpers import make_pos as _make_pos


def make_pos(board, **kw):
    """A spare South Scout on g1 keeps South from losing by an empty board when its only
    fighter is routed or captured (RULES §4 (a)); it is far from every fight below."""
    return _make_pos({"g1": "S:Sc", **board}, **kw)


def hold(new, a="c2", d="c3", a_spec="S:Kn^", d_spec="N:Kn^"):
    assert spec_at(new, a) == a_spec
    assert spec_at(new, d) == d_spec


def d_captured(new, a_spec, victim, a="c2", d="c3", by="S"):
    assert at(new, a) is None, "attacker advanced out of its square"
    assert spec_at(new, d) == a_spec, "attacker advanced into the emptied square"
    assert victim in new["captured"][by]


def d_routed(new, a_spec, victim, a="c2", d="c3", owner="N"):
    assert at(new, a) is None
    assert spec_at(new, d) == a_spec
    assert victim in new["barrack"][owner]
    assert victim in new["resting"][owner]
    assert new["captured"] == {"S": [], "N": []}


# === Attacker terms ===========================================================================

def test_base_tie_holds():
    new = go(make_pos({"c2": "S:Kn^", "c3": "N:Kn^"}), "c2xc3")
    hold(new)
    assert new["captured"] == {"S": [], "N": []}
    assert new["barrack"]["N"] == ["K"]


def test_rank_difference_two_captures():
    new = go(make_pos({"c2": "S:Kn^", "c3": "N:Sq^"}), "c2xc3")
    d_captured(new, "S:Kn^", "Sq")
    assert new["captured"]["S"] == ["Sq"]


def test_rank_difference_one_routs():
    new = go(make_pos({"c2": "S:Kn^", "c3": "N:Sp^"}), "c2xc3")
    d_routed(new, "S:Kn^", "Sp")


@pytest.mark.parametrize("supporter", ["S:Sp", "S:Spd", "S:Sp^", "S:K^s", "S:K", "S:Ar"])
def test_any_touching_friend_supports_and_is_not_revealed(supporter):
    # Kn 3 + 1 supporter vs Kn 3: ahead by 1 with a supporter -> captured
    new = go(make_pos({"c2": "S:Kn^", "c3": "N:Kn^", "d3": supporter}), "c2xc3")
    d_captured(new, "S:Kn^", "Kn")
    assert spec_at(new, "d3") == supporter, "a supporter that only touches is not revealed"


def test_supporter_on_far_side_counts():
    new = go(make_pos({"c2": "S:Kn^", "c3": "N:Kn^", "c4": "S:Sp"}), "c2xc3")
    d_captured(new, "S:Kn^", "Kn")
    assert spec_at(new, "c4") == "S:Sp"


def test_two_supporters_add_two():
    # Sq 1 + 2 supporters = 3 vs Kn defensive 4 -> -1, attacker routed; with 3 supporters +0 hold
    pos = make_pos({"c2": "S:Sq^", "c3": "N:Kn^d", "d3": "S:Sp", "c4": "S:Sp"})
    new = go(pos, "c2xc3")
    assert at(new, "c2") is None and "Sq" in new["barrack"]["S"]
    pos = make_pos({"c2": "S:Sq^", "c3": "N:Kn^d", "d3": "S:Sp", "c4": "S:Sp", "b3": "S:Sp"})
    new = go(pos, "c2xc3")
    assert spec_at(new, "c2") == "S:Sq^" and spec_at(new, "c3") == "N:Kn^d"


def test_enemy_card_touching_target_is_not_a_supporter():
    new = go(make_pos({"c2": "S:Kn^", "c3": "N:Kn^", "d3": "N:Sp"}), "c2xc3")
    hold(new)


def test_archer_volley_supports_and_flips():
    # Archer a3, 2 squares from c3 along rank 3 (b3 between, empty high ground)
    new = go(make_pos({"c2": "S:Kn^", "c3": "N:Kn^", "a3": "S:Ar"}), "c2xc3")
    d_captured(new, "S:Kn^", "Kn")
    assert spec_at(new, "a3") == "S:Ar^", "a volleying Archer is revealed"


def test_archer_volley_not_blocked_by_cards_between():
    # Archer c1 -> target c3: the attacker itself stands between
    new = go(make_pos({"c2": "S:Kn^", "c3": "N:Kn^", "c1": "S:Ar"}), "c2xc3")
    d_captured(new, "S:Kn^", "Kn")
    assert spec_at(new, "c1") == "S:Ar^"


def test_archer_volley_not_blocked_by_enemy_between():
    # target d2 attacked from c2; Archer d4 (high ground), enemy card on d3 between (beside d2,
    # not behind it)
    pos = make_pos({"c2": "S:Kn^", "d2": "N:Kn^", "d4": "S:Ar", "d3": "N:Sp"})
    new = go(pos, "c2xd2")
    d_captured(new, "S:Kn^", "Kn", a="c2", d="d2")
    assert spec_at(new, "d4") == "S:Ar^"


def test_defensive_archer_still_volleys_and_flips():
    new = go(make_pos({"c2": "S:Kn^", "c3": "N:Kn^", "a3": "S:Ard"}), "c2xc3")
    d_captured(new, "S:Kn^", "Kn")
    assert spec_at(new, "a3") == "S:Ar^d"


def test_archer_volley_blocked_by_mountain():
    # target c4, Archer c6: c5 between is a mountain -> no volley, Archer stays hidden
    pos = make_pos({"c3": "S:Kn^", "c4": "N:Kn^", "c6": "S:Ar"})
    new = go(pos, "c3xc4")
    hold(new, a="c3", d="c4")
    assert spec_at(new, "c6") == "S:Ar"
    # control: Archer a4 (b4 between, plain) volleys
    pos = make_pos({"c3": "S:Kn^", "c4": "N:Kn^", "a4": "S:Ar"})
    new = go(pos, "c3xc4")
    d_captured(new, "S:Kn^", "Kn", a="c3", d="c4")
    assert spec_at(new, "a4") == "S:Ar^"


@pytest.mark.parametrize("archer_sq", ["g2", "b1"])
def test_archer_volley_only_at_exactly_two_in_line(archer_sq):
    # target d2; g2 is 3 away in line; b1 is Manhattan 3 off line
    pos = make_pos({"c2": "S:Kn^", "d2": "N:Kn^", archer_sq: "S:Ar"})
    new = go(pos, "c2xd2")
    hold(new, a="c2", d="d2")
    assert spec_at(new, archer_sq) == "S:Ar"


def test_archer_diagonal_distance_two_does_not_volley():
    # b4 is Manhattan distance 2 from c3 but not in a straight line
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Kn^", "b4": "S:Ar"})
    new = go(pos, "c2xc3")
    hold(new)
    assert spec_at(new, "b4") == "S:Ar"


def test_enemy_archer_does_not_volley_for_defender():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sp^", "a3": "N:Ar"})
    new = go(pos, "c2xc3")
    d_routed(new, "S:Kn^", "Sp")
    assert spec_at(new, "a3") == "N:Ar"


def test_attacker_high_ground():
    pos = make_pos({"d4": "S:Kn^", "d5": "N:Kn^"})
    new = go(pos, "d4xd5")
    d_routed(new, "S:Kn^", "Kn", a="d4", d="d5")


def test_defender_high_ground():
    pos = make_pos({"d3": "S:Kn^", "d4": "N:Sp^"})
    new = go(pos, "d3xd4")
    hold(new, a="d3", d="d4", d_spec="N:Sp^")


def test_marching_strike_after_one_square():
    pos = make_pos({"c1": "S:Kn^", "c3": "N:Kn^"})
    new = go(pos, "c1-c2xc3")
    assert at(new, "c1") is None and at(new, "c2") is None
    assert spec_at(new, "c3") == "S:Kn^"
    assert "Kn" in new["barrack"]["N"] and new["resting"]["N"] == ["Kn"]


def test_marching_strike_after_two_square_lancer_move():
    pos = make_pos({"c1": "S:La^", "c4": "N:Kn^"})
    new = go(pos, "c1-c3xc4")
    assert at(new, "c1") is None and at(new, "c3") is None
    assert spec_at(new, "c4") == "S:La^"
    assert new["resting"]["N"] == ["Kn"]


def test_no_marching_strike_without_maneuver():
    pos = make_pos({"c2": "S:La^", "c3": "N:Kn^"})
    hold(go(pos, "c2xc3"), a_spec="S:La^")


@pytest.mark.parametrize("cl", ["S:Cl", "S:Cl^", "S:Cld"])
def test_command_bonus_and_reveal(cl):
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Kn^", "b2": cl})
    new = go(pos, "c2xc3")
    d_routed(new, "S:Kn^", "Kn")
    assert at(new, "b2")["up"] is True, "the Captainlord gave a bonus: revealed"
    assert at(new, "b2")["posture"] == at(pos, "b2")["posture"]


def test_command_not_to_captainlord_itself():
    pos = make_pos({"c2": "S:Cl^", "c3": "N:Kn^d"})
    hold(go(pos, "c2xc3"), a_spec="S:Cl^", d_spec="N:Kn^d")


def test_command_not_to_defender():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sp^", "d3": "N:Cl"})
    new = go(pos, "c2xc3")
    d_routed(new, "S:Kn^", "Sp")
    assert spec_at(new, "d3") == "N:Cl", "no bonus given, not revealed"


def test_command_only_when_touching_attacker():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Kn^", "a2": "S:Cl"})
    hold(go(pos, "c2xc3"))


def test_squire_attends_attacker():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Kn^", "b2": "S:Sq"})
    new = go(pos, "c2xc3")
    d_routed(new, "S:Kn^", "Kn")
    assert spec_at(new, "b2") == "S:Sq^"


def test_two_squires_attend_attacker():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Kn^", "b2": "S:Sq", "c1": "S:Sqd"})
    new = go(pos, "c2xc3")
    d_captured(new, "S:Kn^", "Kn")  # 5 vs 3
    assert spec_at(new, "b2") == "S:Sq^" and spec_at(new, "c1") == "S:Sq^d"


def test_squire_does_not_attend_lesser_attacker():
    pos = make_pos({"c2": "S:Sp^", "c3": "N:Sp^", "b2": "S:Sq"})
    new = go(pos, "c2xc3")
    hold(new, a_spec="S:Sp^", d_spec="N:Sp^")
    assert spec_at(new, "b2") == "S:Sq"


def test_squire_attends_defender():
    pos = make_pos({"c2": "S:Cl^", "c3": "N:Kn^", "d3": "N:Sq"})
    new = go(pos, "c2xc3")
    hold(new, a_spec="S:Cl^")
    assert spec_at(new, "d3") == "N:Sq^"


def test_two_squires_attend_defender():
    pos = make_pos({"c2": "S:Sh^", "c3": "N:Kn^", "d3": "N:Sq", "b3": "N:Sq"})
    new = go(pos, "c2xc3")
    hold(new, a_spec="S:Sh^")
    assert spec_at(new, "d3") == "N:Sq^" and spec_at(new, "b3") == "N:Sq^"


def test_squire_does_not_attend_lesser_defender():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sp^", "d3": "N:Sq"})
    new = go(pos, "c2xc3")
    d_routed(new, "S:Kn^", "Sp")
    assert spec_at(new, "d3") == "N:Sq"


def test_squires_on_both_sides():
    pos = make_pos({"c2": "S:Kn^", "b2": "S:Sq", "c3": "N:Kn^", "d3": "N:Sq"})
    new = go(pos, "c2xc3")
    hold(new)
    assert spec_at(new, "b2") == "S:Sq^" and spec_at(new, "d3") == "N:Sq^"


# === Defender terms ==========================================================================

@pytest.mark.parametrize("behind", ["N:Ar", "N:Ar^", "N:Spd", "N:K", "N:K^s"])
def test_card_behind_defender_adds_one_and_is_not_revealed(behind):
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sp^", "c4": behind})
    new = go(pos, "c2xc3")
    hold(new, d_spec="N:Sp^")
    assert spec_at(new, "c4") == behind


def test_card_beside_defender_is_not_behind():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sp^", "d3": "N:Ar"})
    d_routed(go(pos, "c2xc3"), "S:Kn^", "Sp")


def test_behind_is_relative_to_attack_direction():
    # attack from d3 westwards onto c3: behind is b3, not c4
    pos = make_pos({"d3": "S:Kn^", "c3": "N:Sp^", "c4": "N:Ar"})
    d_routed(go(pos, "d3xc3"), "S:Kn^", "Sp", a="d3", d="c3")


def test_defensive_defender_adds_one():
    pos = make_pos({"c2": "S:Cl^", "c3": "N:Kn^d"})
    hold(go(pos, "c2xc3"), a_spec="S:Cl^", d_spec="N:Kn^d")
    pos = make_pos({"c2": "S:Cl^", "c3": "N:Kn^"})
    d_routed(go(pos, "c2xc3"), "S:Cl^", "Kn")


# === Outcome table ===========================================================================

def test_shardblade_captures_at_exactly_one():
    pos = make_pos({"c2": "S:Sh^", "c3": "N:Cl^"})
    new = go(pos, "c2xc3")
    d_captured(new, "S:Sh^", "Cl")
    assert new["barrack"]["N"] == ["K"] and new["resting"]["N"] == []


def test_defender_shardbearer_gets_no_shardblade():
    # North's Shardbearer defending is just rank 5
    pos = make_pos({"c2": "S:Cl^", "c3": "N:Sh^"}, to_move="S")
    new = go(pos, "c2xc3")  # 4 vs 5: attacker routed
    assert at(new, "c2") is None and new["resting"]["S"] == ["Cl"]
    assert spec_at(new, "c3") == "N:Sh^"


def test_defensive_spearman_tie_routs_attacker():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sp^d"})
    new = go(pos, "c2xc3")
    assert at(new, "c2") is None
    assert "Kn" in new["barrack"]["S"] and new["resting"]["S"] == ["Kn"]
    assert spec_at(new, "c3") == "N:Sp^d", "nobody advances"
    assert new["captured"] == {"S": [], "N": []}


def test_defensive_spearman_tie_captures_attacker_touched_by_two():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sp^d", "d2": "N:Ar"})
    new = go(pos, "c2xc3")
    assert at(new, "c2") is None
    assert new["captured"]["N"] == ["Kn"]
    assert "Kn" not in new["barrack"]["S"]
    assert spec_at(new, "c3") == "N:Sp^d" and spec_at(new, "d2") == "N:Ar"


def test_ready_spearman_tie_holds():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sp^", "c4": "N:Sq"})  # 3 vs 2+1 behind
    hold(go(pos, "c2xc3"), d_spec="N:Sp^")


def test_defensive_non_spearman_tie_holds():
    pos = make_pos({"c2": "S:Cl^", "c3": "N:Kn^d"})
    hold(go(pos, "c2xc3"), a_spec="S:Cl^", d_spec="N:Kn^d")


def test_behind_by_one_routs_attacker():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Cl^"})
    new = go(pos, "c2xc3")
    assert at(new, "c2") is None
    assert new["barrack"]["S"] == ["K", "Kn"] and new["resting"]["S"] == ["Kn"]
    assert spec_at(new, "c3") == "N:Cl^"


@pytest.mark.parametrize("second", ["N:Ar", "N:Ard", "N:Sp^"])
def test_behind_by_one_captures_attacker_touched_by_two(second):
    # the defender itself counts as one of the two (fine point 16); the other may be face-down
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Cl^", "b2": second})
    new = go(pos, "c2xc3")
    assert at(new, "c2") is None
    assert new["captured"]["N"] == ["Kn"]
    assert new["barrack"]["S"] == ["K"] and new["resting"]["S"] == []


def test_behind_by_one_diagonal_enemy_does_not_count():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Cl^", "b1": "N:Ar", "d1": "N:Ar"})
    new = go(pos, "c2xc3")
    assert new["resting"]["S"] == ["Kn"] and new["captured"]["N"] == []


def test_behind_by_two_captures_attacker():
    pos = make_pos({"c2": "S:Sq^", "c3": "N:Kn"})
    new = go(pos, "c2xc3", D=0)
    assert at(new, "c2") is None
    assert new["captured"]["N"] == ["Sq"]
    assert spec_at(new, "c3") == "N:Kn^"


@pytest.mark.parametrize("pull,expect", [(1, "attacker_routed"), (0, "hold"), (-1, "routed")])
def test_defender_pull_decides(pull, expect):
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Kn"})
    new = go(pos, "c2xc3", D=pull)
    if expect == "attacker_routed":
        assert at(new, "c2") is None and new["resting"]["S"] == ["Kn"]
        assert spec_at(new, "c3") == "N:Kn^"
    elif expect == "hold":
        hold(new)
    else:
        d_routed(new, "S:Kn^", "Kn")
    key = {1: "+1", 0: "0", -1: "-1"}[pull]
    assert new["decks"]["N"][key] == pos["decks"]["N"][key] - 1
    assert new["decks"]["S"] == pos["decks"]["S"]


@pytest.mark.parametrize("pull,routed", [(1, True), (0, False), (-1, False)])
def test_attacker_pull_decides(pull, routed):
    pos = make_pos({"c2": "S:Kn", "c3": "N:Kn^"})
    new = go(pos, "c2xc3", A=pull)
    if routed:
        d_routed(new, "S:Kn^", "Kn")
    elif pull == 0:
        hold(new)
    else:
        assert at(new, "c2") is None and new["resting"]["S"] == ["Kn"]


def test_rout_with_supporter_at_one_is_capture_via_pull():
    pos = make_pos({"c2": "S:Kn", "c3": "N:Kn", "d3": "S:Sp"})
    new = go(pos, "c2xc3", A=0, D=0)  # 4 vs 3 with supporter
    d_captured(new, "S:Kn^", "Kn")


def test_advance_after_capture_from_deploy():
    pos = make_pos({"c2": "N:Sq^"}, barrack={"S": ["Kn"]})
    new = go(pos, "Kn@c1xc2", A=0)
    assert at(new, "c1") is None
    assert spec_at(new, "c2") == "S:Kn^"
    assert new["captured"]["S"] == ["Sq"]


# === Reveals ==================================================================================

def test_both_fighters_flip_face_up():
    pos = make_pos({"c2": "S:Kn", "c3": "N:Kn"})
    new = go(pos, "c2xc3", A=0, D=0)
    hold(new)


def test_bystanders_not_revealed():
    pos = make_pos({"c2": "S:Kn", "c3": "N:Kn", "d3": "S:Sp", "c4": "N:Sp", "b2": "N:Sp",
                    "d2": "S:Sp"})
    new = go(pos, "c2xc3", A=0, D=0)  # 4 vs 4: hold
    hold(new)
    for sq in ("d3", "c4", "b2", "d2"):
        assert at(new, sq)["up"] is False, sq


# === Legality before the pull (fine point 10) =================================================

def illegal(pos, action):
    before = repr(pos)
    assert action not in legal(pos)
    with pytest.raises(IllegalAction) as exc:
        go(pos, action, A=0) if not at(pos, action[:2])["up"] else go(pos, action)
    assert action in str(exc.value)
    assert repr(pos) == before


def test_legality_behind_by_two_on_face_up_is_illegal():
    illegal(make_pos({"c2": "S:Sq^", "c3": "N:Kn^"}), "c2xc3")


def test_legality_behind_by_one_is_legal():
    pos = make_pos({"c2": "S:Sp^", "c3": "N:Kn^"})
    assert "c2xc3" in legal(pos)


def test_legality_never_counts_attackers_pull():
    illegal(make_pos({"c2": "S:Sq", "c3": "N:Kn^"}), "c2xc3")


def test_legality_face_down_defender_always_attackable():
    pos = make_pos({"c2": "S:Sq^", "c3": "N:Sh"})
    assert "c2xc3" in legal(pos)


def test_legality_counts_face_down_card_behind():
    illegal(make_pos({"c2": "S:Sp^", "c3": "N:Kn^", "c4": "N:Sp"}), "c2xc3")


def test_legality_counts_defender_posture_and_high_ground():
    illegal(make_pos({"c2": "S:Sp^", "c3": "N:Kn^d"}), "c2xc3")
    illegal(make_pos({"d3": "S:Sp^", "d4": "N:Kn^"}), "d3xd4")


def test_legality_ignores_face_down_defender_squires():
    pos = make_pos({"c2": "S:Sp^", "c3": "N:Kn^", "d3": "N:Sq"})
    assert "c2xc3" in legal(pos)
    new = go(pos, "c2xc3")  # real: 2 vs 3+1 -> behind by 2: attacker captured
    assert new["captured"]["N"] == ["Sp"]
    assert spec_at(new, "d3") == "N:Sq^"


def test_legality_counts_face_up_defender_squires():
    illegal(make_pos({"c2": "S:Sp^", "c3": "N:Kn^", "d3": "N:Sq^"}), "c2xc3")


def test_legality_has_no_brace_adjustment():
    pos = make_pos({"c2": "S:Sp^", "c3": "N:Sp^d"})
    assert "c2xc3" in legal(pos)
    new = go(pos, "c2xc3")
    assert at(new, "c2") is None and new["resting"]["S"] == ["Sp"]


def test_legality_counts_attackers_hidden_helpers():
    illegal(make_pos({"c2": "S:Sp^", "c3": "N:Cl^"}), "c2xc3")
    pos = make_pos({"c2": "S:Sp^", "c3": "N:Cl^", "b2": "S:Cl"})  # face-down Command
    assert "c2xc3" in legal(pos)
    pos = make_pos({"c2": "S:Sq^", "c3": "N:Kn^", "d3": "S:Sp"})  # hidden supporter
    assert "c2xc3" in legal(pos)
    pos = make_pos({"c2": "S:Sq^", "c3": "N:Kn^", "a3": "S:Ar"})  # hidden Archer volley
    assert "c2xc3" in legal(pos)


def test_legality_counts_marching_strike():
    pos = make_pos({"b2": "S:Sp^", "c3": "N:Cl^"})
    assert "b2-c2xc3" in legal(pos)  # 2 + 1 vs 4
    assert "b2-c2" in legal(pos)
    pos = make_pos({"c2": "S:Sp^", "c3": "N:Cl^"})
    assert "c2xc3" not in legal(pos)


# === Pulls (fine point 11) ======================================================================

def test_pull_outcomes_both_face_down_full_decks():
    pos = make_pos({"c2": "S:Kn", "c3": "N:Kn"})
    table = outcomes(pos, "c2xc3")
    p = {1: 0.25, 0: 0.5, -1: 0.25}
    expected = {(("A", a), ("D", d)): p[a] * p[d] for a in p for d in p}
    assert table.keys() == expected.keys()
    for k, v in expected.items():
        assert table[k] == pytest.approx(v)
    assert sum(table.values()) == pytest.approx(1.0)


def test_pull_outcomes_only_face_down_fighters_pull():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Kn"})
    assert outcomes(pos, "c2xc3") == pytest.approx(
        {(("D", 1),): 0.25, (("D", 0),): 0.5, (("D", -1),): 0.25})
    pos = make_pos({"c2": "S:Kn", "c3": "N:Kn^"})
    assert outcomes(pos, "c2xc3") == pytest.approx(
        {(("A", 1),): 0.25, (("A", 0),): 0.5, (("A", -1),): 0.25})


def test_pull_outcomes_nothing_pulled():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Kn^"}, barrack={"S": ["Sp"]})
    assert api.pull_outcomes(pos, "c2xc3") == [({}, 1.0)]
    assert api.pull_outcomes(pos, "pass") == [({}, 1.0)]
    assert api.pull_outcomes(pos, "Sp@a1") == [({}, 1.0)]


def test_pull_outcomes_follow_deck_composition():
    pos = make_pos({"c2": "S:Kn", "c3": "N:Kn^"}, decks={"S": deck(0, 2, 1)})
    assert outcomes(pos, "c2xc3") == pytest.approx({(("A", 0),): 2 / 3, (("A", -1),): 1 / 3})


def test_deployed_attacker_pulls():
    pos = make_pos({"c2": "N:Kn^"}, barrack={"S": ["Kn"]})
    assert outcomes(pos, "Kn@c1xc2") == pytest.approx(
        {(("A", 1),): 0.25, (("A", 0),): 0.5, (("A", -1),): 0.25})


def test_empty_deck_refills_at_pull():
    pos = make_pos({"c2": "S:Kn", "c3": "N:Kn^"}, decks={"S": deck(0, 0, 0)})
    assert outcomes(pos, "c2xc3") == pytest.approx(
        {(("A", 1),): 0.25, (("A", 0),): 0.5, (("A", -1),): 0.25})
    new = go(pos, "c2xc3", A=1)
    assert new["decks"]["S"] == deck(2, 6, 3)
    d_routed(new, "S:Kn^", "Kn")


def test_pulls_draw_from_owners_decks():
    pos = make_pos({"c2": "S:Kn", "c3": "N:Kn"}, decks={"S": deck(1, 1, 1), "N": deck(2, 0, 2)})
    new = go(pos, "c2xc3", A=-1, D=1)  # 2 vs 4: attacker captured
    assert new["decks"] == {"S": deck(1, 1, 0), "N": deck(1, 0, 2)}
    assert new["captured"]["N"] == ["Kn"]


# === Log entry figures ==========================================================================

def test_log_fight_figures_capture_with_supporter_and_behind():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sp", "d3": "S:Sp", "c4": "N:Ar"})
    new, f = fight(pos, "c2xc3", D=0)
    assert f["attacker"] == "c2" and f["defender"] == "c3"
    assert f["a_card"] == "Kn" and f["d_card"] == "Sp"
    assert f["a_might"] == 4 and f["d_might"] == 3
    assert f["a_terms"]["supporters"] == 1 and f["d_terms"]["behind"] == 1
    assert f["outcome"] == "captured"
    assert new["captured"]["S"] == ["Sp"]


def test_log_fight_figures_all_attacker_bonuses():
    # Kn marches from c1 to c2 on... plain squares; Command from b2, Squire from d2
    pos = make_pos({"c1": "S:Kn", "b2": "S:Cl", "d2": "S:Sq", "c3": "N:Sh^", "c4": "N:Sp"})
    new, f = fight(pos, "c1-c2xc3", A=1)
    # 3 rank + 1 march + 1 command + 1 squire + 1 pull = 7 vs 5 + 1 behind = 6 -> routed
    assert f["a_might"] == 7 and f["d_might"] == 6
    assert f["a_terms"]["march"] == 1 and f["a_terms"]["command"] == 1
    assert f["a_terms"]["squires"] == 1 and f["a_terms"]["pull"] == 1
    assert f["outcome"] == "routed"
    assert "Sh" in new["barrack"]["N"] and new["resting"]["N"] == ["Sh"]
    assert spec_at(new, "b2") == "S:Cl^" and spec_at(new, "d2") == "S:Sq^"
    assert spec_at(new, "c4") == "N:Sp"


def test_log_fight_figures_defender_terms():
    pos = make_pos({"c3": "S:Cl^", "d3": "N:Kn^d", "e4": "N:Sq"})
    # d3 neighbours: c3, e3 (mountain), d2, d4; the Squire on e4 does not touch d3
    new, f = fight(pos, "c3xd3")
    assert f["d_might"] == 4 and f["a_might"] == 4
    assert f["d_terms"]["defensive"] == 1 and f["d_terms"]["squires"] == 0
    assert f["outcome"] == "hold"


def test_log_fight_attacker_outcomes():
    _, f = fight(make_pos({"c2": "S:Kn^", "c3": "N:Cl^"}), "c2xc3")
    assert (f["a_might"], f["d_might"], f["outcome"]) == (3, 4, "attacker_routed")
    _, f = fight(make_pos({"c2": "S:Sq^", "c3": "N:Kn"}), "c2xc3", D=0)
    assert (f["a_might"], f["d_might"], f["outcome"]) == (1, 3, "attacker_captured")
    assert f["pulls"] == {"D": 0}


# === Combinations =================================================================================

def test_squire_behind_defender_counts_twice():
    # the Squire on c4 is both "behind" (+1) and Attending (+1): Kn 3 + 2 = 5 vs Sh 5: hold.
    # Legality sees only the behind card (the Squire is face-down): 5 vs 4, legal.
    pos = make_pos({"c2": "S:Sh^", "c3": "N:Kn^", "c4": "N:Sq"})
    assert "c2xc3" in legal(pos)
    new = go(pos, "c2xc3")
    hold(new, a_spec="S:Sh^")
    assert spec_at(new, "c4") == "N:Sq^", "it gave a bonus: revealed"


def test_lancer_two_squares_onto_high_ground_then_attacks():
    # d2 -> d4 (d3 empty): 3 + 1 march + 1 high ground = 5 vs Kn 3: captured (ahead by 2)
    pos = make_pos({"d2": "S:La^", "d5": "N:Kn^"})
    new = go(pos, "d2-d4xd5")
    assert at(new, "d2") is None and at(new, "d4") is None
    assert spec_at(new, "d5") == "S:La^"
    assert new["captured"]["S"] == ["Kn"]


def test_enemy_squire_touching_attacker_gives_nothing():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Kn^", "b2": "N:Sq"})
    new = go(pos, "c2xc3")
    hold(new)
    assert spec_at(new, "b2") == "N:Sq"


def test_defender_high_ground_offset_by_supporter():
    pos = make_pos({"d3": "S:Kn^", "d4": "N:Kn^", "c4": "S:Sp"})  # 3+1 vs 3+1: hold
    new = go(pos, "d3xd4")
    assert spec_at(new, "d3") == "S:Kn^" and spec_at(new, "d4") == "N:Kn^"


def test_random_pull_draws_by_composition():
    # only a -1 left in South's deck: an unforced pull must be -1 (3 - 1 vs 3: attacker routed)
    pos = make_pos({"c2": "S:Kn", "c3": "N:Kn^"}, decks={"S": deck(0, 0, 1)})
    for _ in range(5):
        new = go(pos, "c2xc3")
        assert new["decks"]["S"] == deck(0, 0, 0)
        assert at(new, "c2") is None and new["resting"]["S"] == ["Kn"]


def test_play_with_same_rng_seed_is_repeatable():
    pos = make_pos({"c2": "S:Kn", "c3": "N:Kn"})
    a = api.play(pos, "c2xc3", None, rng_seed=7)
    b = api.play(pos, "c2xc3", None, rng_seed=7)
    assert a == b
