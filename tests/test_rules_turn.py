"""RULES §4 — turn structure: one action, resting cards, empty-board check, long-game rule."""

from helpers import go, legal, make_pos, spec_at


def deploys(pos, code):
    return {a for a in legal(pos) if a.startswith(code + "@")}


def test_one_action_then_opponent_moves():
    pos = make_pos({"c1": "S:Kn", "c7": "N:Kn"}, actions=7)
    new = go(pos, "c1-c2")
    assert new["to_move"] == "N" and new["actions"] == 8
    new = go(new, "c7-c6")
    assert new["to_move"] == "S" and new["actions"] == 9


def test_retreated_card_rests_through_owners_next_turn():
    pos = make_pos({"c2": "S:Kn^", "c1": "S:Sp", "c6": "N:Sp"})
    p1 = go(pos, "c2^")                      # S retreats
    assert p1["resting"]["S"] == ["Kn"] and "Kn" in p1["barrack"]["S"]
    p2 = go(p1, "c6d")                       # N's turn does not touch S's resting
    assert p2["resting"]["S"] == ["Kn"]
    assert deploys(p2, "Kn") == set(), "cannot deploy on its owner's next turn"
    p3 = go(p2, "c1d")                       # S's next turn ends: resting replaced
    assert p3["resting"]["S"] == []
    p4 = go(p3, "c6r")
    assert "Kn@a1" in deploys(p4, "Kn")


def test_card_routed_on_opponents_turn_rests_at_once():
    pos = make_pos({"c3": "N:Kn^", "c2": "S:Sp^", "g1": "S:Sc"}, to_move="N")
    p1 = go(pos, "c3xc2")                    # 3 vs 2: routed
    assert spec_at(p1, "c2") == "N:Kn^"
    assert p1["resting"]["S"] == ["Sp"] and "Sp" in p1["barrack"]["S"]
    assert deploys(p1, "Sp") == set()
    p2 = go(p1, "g1d")
    assert p2["resting"]["S"] == []
    p3 = go(p2, "c2d")
    assert "Sp@a1" in deploys(p3, "Sp")


def test_attacker_routed_on_own_turn_rests_through_next_turn():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Cl^", "g1": "S:Sc", "g7": "N:Sp"})
    p1 = go(pos, "c2xc3")                    # 3 vs 4: attacker routed
    assert p1["resting"]["S"] == ["Kn"]
    p2 = go(p1, "g7d")
    assert p2["resting"]["S"] == ["Kn"]
    assert deploys(p2, "Kn") == set()
    p3 = go(p2, "g1d")
    assert p3["resting"]["S"] == []


def test_resting_replaced_not_accumulated():
    pos = make_pos({"c2": "S:Kn", "c1": "S:Sp"}, barrack={"S": ["Ar"]}, resting={"S": ["Ar"]})
    new = go(pos, "c2^")
    assert new["resting"]["S"] == ["Kn"]
    assert sorted(new["barrack"]["S"]) == ["Ar", "K", "Kn"]


def test_opponents_resting_untouched_by_my_turn():
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, barrack={"N": ["Ar"]}, resting={"N": ["Ar"]})
    new = go(pos, "c1d")
    assert new["resting"]["N"] == ["Ar"]
    new = go(new, "c7d")
    assert new["resting"]["N"] == []


def test_first_turn_with_empty_board_does_not_lose():
    pos = make_pos({}, moved={"S": False, "N": False}, actions=0)
    new = go(pos, "pass")
    assert new["result"] is None
    assert new["moved"] == {"S": True, "N": False}
    new = go(new, "pass")  # N's first turn: no empty-board loss; two passes end the skirmish
    assert new["result"] == {"winner": None, "reason": "passes"}


def test_empty_board_after_first_turn_loses():
    pos = make_pos({}, moved={"S": True, "N": False}, actions=1, to_move="S")
    new = go(pos, "pass")
    assert new["result"] == {"winner": "N", "reason": "empty"}


def test_retreating_last_card_loses():
    pos = make_pos({"c2": "S:Kn", "c6": "N:Sp"})
    new = go(pos, "c2^")
    assert new["result"] == {"winner": "N", "reason": "empty"}
    assert new["to_move"] == "N"


def test_long_game_rule_at_400_actions():
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, actions=399)
    new = go(pos, "c1d")
    assert new["actions"] == 400
    assert new["result"] == {"winner": None, "reason": "long-game"}


def test_no_long_game_before_400():
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, actions=398)
    new = go(pos, "c1d")
    assert new["actions"] == 399 and new["result"] is None


def test_long_game_counts_passes():
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, actions=399, passes=0)
    new = go(pos, "pass")
    assert new["result"] == {"winner": None, "reason": "long-game"}


def test_long_game_on_second_pass_reason_is_passes():
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, actions=399, passes=1)
    new = go(pos, "pass")
    assert new["result"] == {"winner": None, "reason": "passes"}


def test_passes_reset_by_other_actions():
    pos = make_pos({"c1": "S:Sp", "c7": "N:Sp"}, passes=1)
    new = go(pos, "c1d")
    assert new["passes"] == 0 and new["result"] is None


def test_card_back_from_barrack_redeploys_face_down_and_ready():
    pos = make_pos({"c2": "S:Kn^d", "c1": "S:Sp", "c6": "N:Sp"})
    p = go(pos, "c2^")
    p = go(p, "c6d")
    p = go(p, "c1d")
    p = go(p, "c6r")
    p = go(p, "Kn@a1")
    assert spec_at(p, "a1") == "S:Kn"


def test_routed_face_up_defensive_card_redeploys_face_down_ready():
    pos = make_pos({"c3": "N:Kn", "c2": "S:Sp^d", "g1": "S:Sc"}, to_move="N")
    p = go(pos, "c3xc2", A=1)                 # 3 + 1 pull vs 2 + 1 defensive: routed
    assert p["resting"]["S"] == ["Sp"]
    p = go(p, "g1d")
    p = go(p, "c2d")
    p = go(p, "Sp@a1")
    assert spec_at(p, "a1") == "S:Sp"


def test_king_alone_on_board_is_not_an_empty_board():
    pos = make_pos({"d1": "S:K", "c7": "N:Sp"})
    assert go(pos, "pass")["result"] is None
