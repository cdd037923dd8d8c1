"""RULES §6 — each action and its notation: deploy, maneuver (Lancer, Scout), attack, scout,
soulcast, posture (runs), retreat, stand up, pass."""
import re

import pytest

from towers_core.skirmish import api
from towers_core.errors import IllegalAction

from helpers import at, board_specs, go, legal, make_pos, spec_at

POSTURE = re.compile(r"^[a-g][1-7](:[a-g][1-7])?[dr]$")


def postures(pos, sq_filter=None):
    return {a for a in api.legal_actions(pos) if POSTURE.match(a)}


def rejects(pos, action):
    before = repr(pos)
    assert action not in legal(pos)
    with pytest.raises(IllegalAction) as exc:
        go(pos, action)
    assert action in str(exc.value)
    assert repr(pos) == before


# === Deploy ===================================================================================

def test_deploy_home_row_face_down_ready():
    pos = make_pos({}, barrack={"S": ["Kn"]})
    acts = legal(pos)
    assert {f"Kn@{f}1" for f in "abcdefg"} <= acts
    new = go(pos, "Kn@c1")
    assert spec_at(new, "c1") == "S:Kn"
    assert new["barrack"]["S"] == ["K"]
    assert new["to_move"] == "N"


def test_deploy_only_home_row_or_touching_own_card():
    pos = make_pos({"c6": "N:Kn^", "e2": "S:Sp"}, barrack={"S": ["Sp"]})
    deploys = {a for a in legal(pos) if a.startswith("Sp@")}
    assert deploys == {f"Sp@{f}1" for f in "abcdefg"} | {"Sp@d2", "Sp@f2"}
    rejects(pos, "Sp@c4")  # empty, touches nothing
    rejects(pos, "Sp@b6")  # touches only an enemy card


def test_deploy_not_onto_occupied_square():
    pos = make_pos({"c1": "S:Kn", "d1": "N:Sp"}, barrack={"S": ["Sp"]})
    rejects(pos, "Sp@c1")
    rejects(pos, "Sp@d1")


def test_identical_copies_give_one_deploy_per_square():
    pos = make_pos({}, barrack={"S": ["Sp", "Sp", "Sp"]})
    acts = api.legal_actions(pos)
    assert acts.count("Sp@a1") == 1
    new = go(pos, "Sp@a1")
    assert new["barrack"]["S"] == ["K", "Sp", "Sp"]


def test_resting_card_cannot_deploy():
    pos = make_pos({"c1": "S:Kn"}, barrack={"S": ["Sp"]}, resting={"S": ["Sp"]})
    assert not any(a.startswith("Sp@") for a in legal(pos))
    rejects(pos, "Sp@a1")


def test_resting_copy_does_not_block_the_other_copy():
    pos = make_pos({"c1": "S:Kn"}, barrack={"S": ["Sp", "Sp"]}, resting={"S": ["Sp"]})
    assert "Sp@a1" in legal(pos)


def test_king_not_deployed_onto_high_ground():
    pos = make_pos({"b2": "S:Sp"}, barrack={"S": ["Kn"]})
    acts = legal(pos)
    assert "Kn@b3" in acts
    assert "K@b3" not in acts
    assert "K@a2" in acts and "K@b1" in acts
    rejects(pos, "K@b3")


def test_deploy_then_attack_has_no_marching_strike():
    pos = make_pos({"c2": "N:Kn^"}, barrack={"S": ["Kn"]})
    new = go(pos, "Kn@c1xc2", A=0)
    assert spec_at(new, "c1") == "S:Kn^" and spec_at(new, "c2") == "N:Kn^"


def test_deploy_then_scout():
    pos = make_pos({"c3": "N:Kn"}, barrack={"S": ["Sc"]})
    assert "Sc@c1?c3" in legal(pos)
    new = go(pos, "Sc@c1?c3")
    assert spec_at(new, "c1") == "S:Sc", "the Scout stays face-down"
    assert spec_at(new, "c3") == "N:Kn^"


def test_deploy_then_soulcast():
    pos = make_pos({"c2": "N:Kn", "g1": "S:Sp"}, barrack={"S": ["So"]})
    new = go(pos, "So@c1*c2")
    assert set(new["board"]) == {"g1"}
    assert new["captured"] == {"S": ["Kn"], "N": ["So"]}
    assert new["barrack"]["S"] == ["K"]


def test_deploy_notation_hidden_in_public_log():
    pos = make_pos({}, barrack={"S": ["Kn"]})
    _, (entry,) = api.play(pos, "Kn@c1")
    assert entry["action"] == "Kn@c1"
    assert entry["public"] == "?@c1"
    assert entry["player"] == "S"


# === Maneuver =================================================================================

def test_maneuver_one_orthogonal_square_without_reveal():
    pos = make_pos({"c2": "S:Kn"})
    moves = {a for a in legal(pos) if a.startswith("c2-")}
    assert moves == {"c2-b2", "c2-d2", "c2-c1", "c2-c3"}
    new = go(pos, "c2-c3")
    assert at(new, "c2") is None and spec_at(new, "c3") == "S:Kn"


def test_maneuver_not_onto_occupied_square():
    pos = make_pos({"c2": "S:Kn", "c3": "N:Sp", "b2": "S:Sp"})
    moves = {a for a in legal(pos) if a.startswith("c2-")}
    assert moves == {"c2-d2", "c2-c1"}


def test_defensive_card_cannot_maneuver_or_attack():
    pos = make_pos({"c2": "S:Kn^d", "c3": "N:Sp^"})
    acts = legal(pos)
    assert not any(a.startswith("c2-") or a.startswith("c2x") for a in acts)
    rejects(pos, "c2-d2")
    rejects(pos, "c2xc3")


def test_lancer_moves_one_or_two_straight():
    pos = make_pos({"c2": "S:La"})
    moves = {a for a in legal(pos) if a.startswith("c2-")}
    assert moves == {"c2-b2", "c2-a2", "c2-d2", "c2-e2", "c2-c1", "c2-c3", "c2-c4"}
    new = go(pos, "c2-c4")
    assert spec_at(new, "c4") == "S:La", "a 2-square move does not reveal"


@pytest.mark.parametrize("middle", ["S:Sp", "N:Sp", "N:Sp^"])
def test_lancer_cannot_jump_a_card(middle):
    pos = make_pos({"c2": "S:La", "c3": middle})
    rejects(pos, "c2-c4")


def test_lancer_cannot_pass_a_mountain():
    pos = make_pos({"e2": "S:La"})
    acts = legal(pos)
    assert "e2-e4" not in acts and "e2-e3" not in acts
    assert "e2-c2" in acts and "e2-g2" in acts


def test_scout_two_steps_may_turn():
    pos = make_pos({"c2": "S:Sc"})
    moves = {a[3:] for a in legal(pos) if a.startswith("c2-") and len(a) == 5}
    assert moves == {"b2", "d2", "c1", "c3", "a2", "e2", "c4", "b1", "d1", "b3", "d3"}
    new = go(pos, "c2-d3")
    assert spec_at(new, "d3") == "S:Sc"


def test_scout_needs_one_empty_middle():
    # d3 reachable through d2 while c3 is blocked; c4 needs c3
    pos = make_pos({"c2": "S:Sc", "c3": "S:Sp"})
    acts = legal(pos)
    assert "c2-d3" in acts and "c2-c4" not in acts and "c2-b3" in acts
    pos = make_pos({"c2": "S:Sc", "c3": "S:Sp", "d2": "N:Sp"})
    acts = legal(pos)
    assert "c2-d3" not in acts and "c2-e2" not in acts


def test_scout_cannot_pass_a_mountain():
    pos = make_pos({"e2": "S:Sc"})
    acts = legal(pos)
    assert "e2-e4" not in acts
    assert "e2-d3" in acts and "e2-f3" in acts  # via d2 / f2


def test_maneuver_then_attack_notation():
    pos = make_pos({"c1": "S:Kn", "c3": "N:Sq^"})
    assert "c1-c2xc3" in legal(pos)
    new = go(pos, "c1-c2xc3", A=0)  # 3 + 1 march vs 1: captured
    assert spec_at(new, "c3") == "S:Kn^" and new["captured"]["S"] == ["Sq"]


def test_maneuver_then_scout():
    pos = make_pos({"c1": "S:Sc", "c4": "N:Kn"})
    assert "c1-c2?c4" in legal(pos)
    new = go(pos, "c1-c2?c4")
    assert spec_at(new, "c2") == "S:Sc" and spec_at(new, "c4") == "N:Kn^"


def test_maneuver_then_soulcast():
    pos = make_pos({"c1": "S:So", "c3": "N:Kn^", "g1": "S:Sp"})
    assert "c1-c2*c3" in legal(pos)
    new = go(pos, "c1-c2*c3")
    assert set(new["board"]) == {"g1"}
    assert new["captured"] == {"S": ["Kn"], "N": ["So"]}


# === Attack ===================================================================================

def test_attack_needs_touching_enemy_and_ready_attacker():
    pos = make_pos({"c2": "S:Kn^", "c3": "S:Sp", "c4": "N:Sp^", "d2": "N:Sp^"})
    attacks = {a for a in legal(pos) if re.fullmatch(r"[a-g][1-7]x[a-g][1-7]", a)}
    assert attacks == {"c2xd2", "c3xc4"}


def test_face_down_card_can_attack():
    pos = make_pos({"c2": "S:Sp", "c3": "N:Sq^"})
    new = go(pos, "c2xc3", A=1)  # 3 vs 1: captured
    assert spec_at(new, "c3") == "S:Sp^"
    assert new["captured"]["S"] == ["Sq"]


# === Scout ====================================================================================

def test_scout_targets_face_down_enemies_within_two():
    pos = make_pos({"c2": "S:Sc", "c3": "N:Sp", "d3": "N:Sp", "c4": "N:Sp", "e2": "N:Ar",
                    "a1": "N:Ar", "f2": "N:Ar", "d2": "N:Kn^", "b2": "S:Sp"})
    scouts = {a for a in legal(pos) if a.startswith("c2?")}
    assert scouts == {"c2?c3", "c2?d3", "c2?c4", "c2?e2"}


def test_scout_reveals_target_and_stays_face_down():
    pos = make_pos({"c2": "S:Sc", "c4": "N:Sp", "c3": "N:Kn"})  # c3 does not block
    before = dict(pos["decks"])
    new = go(pos, "c2?c4")
    assert spec_at(new, "c4") == "N:Sp^"
    assert spec_at(new, "c2") == "S:Sc"
    assert spec_at(new, "c3") == "N:Kn"
    assert new["decks"] == before
    assert new["to_move"] == "N"


def test_scout_can_reveal_face_down_king():
    pos = make_pos({"c2": "S:Sc", "d3": "N:K"})
    new = go(pos, "c2?d3")
    assert spec_at(new, "d3") == "N:K^"


def test_defensive_or_non_scout_cannot_scout():
    rejects(make_pos({"c2": "S:Scd", "c3": "N:Sp"}), "c2?c3")
    rejects(make_pos({"c2": "S:Kn", "c4": "N:Sp"}), "c2?c4")


# === Soulcast =================================================================================

@pytest.mark.parametrize("victim", ["N:Kn^", "N:Kn", "N:Sh^d"])
def test_soulcast_captures_and_uses_up_caster(victim):
    pos = make_pos({"c2": "S:So", "c3": victim, "d3": "N:Sp", "g1": "S:Sp"})
    new = go(pos, "c2*c3")
    assert at(new, "c2") is None and at(new, "c3") is None
    code = victim[2:4]
    assert new["captured"] == {"S": [code], "N": ["So"]}
    assert spec_at(new, "d3") == "N:Sp"
    assert new["decks"] == pos["decks"]
    assert api.pull_outcomes(pos, "c2*c3") == [({}, 1.0)]


def test_soulcast_not_a_face_up_king():
    rejects(make_pos({"c2": "S:So", "c3": "N:K^"}), "c2*c3")


def test_soulcast_on_face_down_king_only_reveals():
    pos = make_pos({"c2": "S:So", "c3": "N:K"})
    new = go(pos, "c2*c3")
    assert spec_at(new, "c3") == "N:K^"
    assert spec_at(new, "c2") == "S:So^"
    assert new["captured"] == {"S": [], "N": []}
    assert new["result"] is None


def test_soulcast_needs_touching_ready_caster():
    rejects(make_pos({"c2": "S:Sod", "c3": "N:Kn"}), "c2*c3")
    rejects(make_pos({"c2": "S:So", "d3": "N:Kn"}), "c2*d3")
    rejects(make_pos({"c2": "S:Kn", "c3": "N:Kn"}), "c2*c3")


def test_soulcast_victim_resets_marker_on_opponents_side():
    pos = make_pos({"c2": "S:So", "c3": "N:Kn", "g1": "S:Sp"}, marker=-3)
    new = go(pos, "c2*c3")
    assert new["marker"] == 0  # reset; then captured 1 vs 1: no step


def test_used_up_soulcaster_does_not_reset():
    pos = make_pos({"c2": "S:So", "c3": "N:Kn", "g1": "S:Sp"}, marker=3)
    new = go(pos, "c2*c3")
    assert new["marker"] == 3


# === Posture ==================================================================================

def test_single_card_posture():
    pos = make_pos({"c2": "S:Kn"})
    assert postures(pos) == {"c2d"}
    new = go(pos, "c2d")
    assert spec_at(new, "c2") == "S:Knd", "posture does not reveal"
    assert postures(new | {"to_move": "S"}) == {"c2r"}
    assert spec_at(go(new | {"to_move": "S"}, "c2r"), "c2") == "S:Kn"


def test_posture_every_contiguous_sub_run():
    pos = make_pos({"a2": "S:Kn", "b2": "S:Sp", "c2": "S:Ar"})
    assert postures(pos) == {"a2d", "b2d", "c2d", "a2:b2d", "b2:c2d", "a2:c2d"}
    new = go(pos, "a2:c2d")
    assert {spec_at(new, s) for s in ("a2", "b2", "c2")} == {"S:Knd", "S:Spd", "S:Ard"}


def test_posture_run_in_a_file():
    pos = make_pos({"c1": "S:Knd", "c2": "S:Spd", "c3": "S:Ar^d", "c4": "S:Sqd"})
    acts = postures(pos)
    assert "c1:c4r" in acts and "c4:c1r" not in acts
    assert not any(a.endswith("d") for a in acts)
    new = go(pos, "c1:c4r")
    assert [spec_at(new, s) for s in ("c1", "c2", "c3", "c4")] == [
        "S:Kn", "S:Sp", "S:Ar^", "S:Sq"]


def test_king_inside_run_is_skipped_but_does_not_break_it():
    pos = make_pos({"a2": "S:Kn", "b2": "S:K", "c2": "S:Sp"})
    assert postures(pos) == {"a2d", "c2d", "a2:c2d"}
    new = go(pos, "a2:c2d")
    assert [spec_at(new, s) for s in ("a2", "b2", "c2")] == ["S:Knd", "S:K", "S:Spd"]


def test_single_king_has_no_posture_action():
    pos = make_pos({"c2": "S:K^"})
    assert postures(pos) == set()
    rejects(pos, "c2d")


def test_enemy_or_gap_breaks_run():
    pos = make_pos({"a2": "S:Kn", "b2": "N:Sp", "c2": "S:Sp", "e2": "S:Sp"})
    assert postures(pos) == {"a2d", "c2d", "e2d"}
    rejects(pos, "a2:c2d")
    rejects(pos, "c2:e2d")


def test_run_needs_a_change_and_distinct_endpoints_are_distinct_actions():
    pos = make_pos({"a2": "S:Kn^d", "b2": "S:Sp", "c2": "S:Ar^d"})
    assert postures(pos) == {
        "b2d", "a2:b2d", "b2:c2d", "a2:c2d",
        "a2r", "c2r", "a2:b2r", "b2:c2r", "a2:c2r",
    }
    one = go(pos, "a2:b2d")
    two = go(pos, "b2:c2d")
    assert one == two  # same effect, both legal


def test_posture_runs_are_written_low_to_high():
    pos = make_pos({"a3": "S:Sp", "a4": "S:Sp", "b3": "S:Ar"})
    acts = postures(pos)
    assert "a3:a4d" in acts and "a4:a3d" not in acts
    assert "a3:b3d" in acts and "b3:a3d" not in acts


# === Retreat ==================================================================================

def test_retreat_goes_home_face_down_and_rests():
    pos = make_pos({"c2": "S:Kn^d", "c1": "S:Sp", "c3": "N:Sp^"})
    new = go(pos, "c2^")
    assert at(new, "c2") is None
    assert new["barrack"]["S"] == ["K", "Kn"]
    assert new["resting"]["S"] == ["Kn"]


@pytest.mark.parametrize("second", ["N:Sp", "N:Sp^d", "N:K^s"])
def test_no_retreat_when_two_enemies_touch(second):
    pos = make_pos({"c2": "S:Kn", "c1": "S:Sp", "c3": "N:Sp^", "d2": second})
    rejects(pos, "c2^")
    assert "c1^" in legal(pos)


def test_retreat_with_one_enemy_touching():
    pos = make_pos({"c2": "S:Kn", "c1": "S:Sp", "c3": "N:Sp^", "e2": "N:Sp"})
    assert "c2^" in legal(pos)


def test_king_never_retreats():
    rejects(make_pos({"c2": "S:K", "c1": "S:Sp"}), "c2^")


# === Stand up, pass ===========================================================================

def test_stand_up_spent_king():
    pos = make_pos({"d1": "S:K^s", "a1": "S:Sp"})
    assert "d1!" in legal(pos)
    new = go(pos, "d1!")
    assert spec_at(new, "d1") == "S:K^"
    rejects(new | {"to_move": "S"}, "d1!")


def test_pass_counts():
    pos = make_pos({"c1": "S:Kn"}, passes=0)
    new = go(pos, "pass")
    assert new["passes"] == 1 and new["to_move"] == "N" and new["result"] is None
    assert board_specs(new) == board_specs(pos)


def test_pass_and_resign_always_legal():
    pos = make_pos({"c1": "S:Kn"})
    acts = api.legal_actions(pos)
    assert "pass" in acts and "resign" in acts


def test_log_entries_for_scout_and_soulcast():
    pos = make_pos({"c2": "S:Sc", "c4": "N:Sp", "g1": "S:Sp"})
    _, (entry,) = api.play(pos, "c2?c4")
    assert entry["scouted"] == "c4" and entry["fight"] is None
    pos = make_pos({"c2": "S:So", "c3": "N:Kn", "g1": "S:Sp"})
    _, (entry,) = api.play(pos, "c2*c3")
    assert entry["soulcast"]["target"] == "c3" and entry["soulcast"]["card"] == "Kn"
    assert entry["fight"] is None
