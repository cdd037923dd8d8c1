"""docs/rules/castles.md §9: each settled fine point, numbered as in the spec."""
import pytest
from castles_helpers import make_pos

from towers_core.castles import api
from towers_core.errors import IllegalAction


def test_1_height_test_uses_the_pushed_towers_height_before_the_push():
    # h = 4: squares of height 3 are crossed even though fewer pieces are still travelling
    b = api.apply(make_pos({"a2": "SSSS", "b2": "NNN", "c2": "NNN", "d2": "NNN"}), "a2e")["board"]
    assert (b["a2"], b["b2"], b["c2"], b["d2"]) == ("S", "NNNS", "NNNS", "NNNS")


def test_2_push_passes_over_castles_and_towers_of_either_side():
    b = api.apply(make_pos({"a4": "XN", "b4": "SSSSS", "c4": "NN", "e4": "S"}), "b4e")["board"]
    assert (b["c4"], b["d4"], b["e4"], b["f4"], b["b4"]) == ("NNS", "XS", "SS", "S", "S")


def test_3_pushing_from_a_castle_leaves_the_x_first():
    b = api.apply(make_pos({"d4": "XS"}), "d4n")["board"]
    assert b["d4"] == "X" and b["d5"] == "S"


def test_4_a_full_tower_off_a_castle_is_not_crowned_and_still_pushable():
    pos = make_pos({"b2": "SSSSS", "d4": "XSSSS", "a4": "XSSSS", "d1": "XSSSS"[:4]})
    legal = api.legal_actions(pos)
    assert "b2e" in legal and "b2+" not in legal


def test_5_a_castle_can_be_crowned_for_the_player_who_did_not_move():
    # g7 = SNSNS pushed w crosses f7, e7, d7, c7: pieces N S N S land there, so d7 = XSNN gets an N
    crown_n = make_pos({"g7": "SNSNS", "d7": "XSNN", "b2": "SS", "a4": "XS"})
    after = api.apply(crown_n, "g7w")
    assert after["board"]["d7"] == "XSNNN"  # full with N on top: crowned for N, who did not move
    assert not any(a.startswith("d7") for a in api.legal_actions(after))
    assert not any(a.startswith("d7") for a in api.legal_actions({**after, "to_move": "S"}))


def test_6_the_start_position_ends_nothing_and_loading_checks_nothing():
    assert api.new_position()["result"] is None
    four = make_pos({"a4": "XS", "d1": "XS", "d4": "XS", "d7": "XS", "c2": "SS", "f6": "NN"}, to_move="N")
    assert api.legal_actions(four) == ["f6+", "f6e", "f6n", "f6s", "f6w"]


def test_7_four_castles_and_three_crowns_at_once_is_castles():
    pos = make_pos({"a4": "XSSSS", "d1": "XSSSS", "d4": "XNNN", "g4": "XS", "c4": "SSSSS", "e4": "NNNNN",
                    "f6": "NN"})
    after = api.apply(pos, "c4e")
    assert after["board"]["d4"] == "XNNNS"
    assert after["result"] == {"winner": "S", "reason": "castles"}


def test_8_quiet_resets_on_build_counts_pushes_and_ends_at_60():
    pos = make_pos({"c2": "SSS", "f6": "NN"}, quiet=40)
    assert api.apply(pos, "c2+")["quiet"] == 0
    assert api.apply(pos, "c2e")["quiet"] == 41
    assert api.apply({**pos, "quiet": 58}, "c2e")["result"] is None
    assert api.apply({**pos, "quiet": 59}, "c2e")["result"]["reason"] == "quiet"


def test_9_mobility_of_the_player_not_to_move_uses_the_unchanged_board():
    pos = make_pos({"c2": "SS", "f6": "NN"}, to_move="S")
    assert api.mobility(pos)["N"] == len(api.legal_actions({**pos, "to_move": "N"})) == 5


def test_10_a_final_move_still_counts_and_quiet_beats_limit():
    pos = make_pos({"c2": "SS", "f6": "NN", "d4": "XS"}, ply=399, quiet=59)
    after = api.apply(pos, "c2e")
    assert (after["ply"], after["quiet"], after["to_move"]) == (400, 60, "N")
    assert after["result"] == {"winner": "S", "reason": "quiet"}
    won = api.apply(make_pos({"a4": "XS", "d1": "XS", "d4": "XS", "c7": "SS", "f6": "NN"}, quiet=3), "c7e")
    assert (won["ply"], won["quiet"], won["to_move"]) == (11, 4, "N")


def test_11_resign_changes_only_the_result():
    pos = make_pos({"c2": "SS", "f6": "NN"}, ply=33, quiet=7)
    after = api.apply(pos, "resign")
    assert {k: v for k, v in after.items() if k != "result"} == {k: v for k, v in pos.items() if k != "result"}
    assert after["result"] == {"winner": "N", "reason": "resign"}


def test_12_counters_past_their_limits_are_accepted_and_the_next_move_ends():
    pos = make_pos({"c2": "SS", "f6": "NN"}, ply=450, quiet=75)
    api.validate(pos)
    assert api.apply(pos, "c2e")["result"] == {"winner": None, "reason": "quiet"}
    assert api.apply(pos, "c2+")["result"] == {"winner": None, "reason": "limit"}


def test_13_a_stranded_player_to_move_is_accepted_and_can_only_resign():
    pos = make_pos({"g7": "SSSSS", "f7": "NNNNN", "g6": "NNNNN"})
    api.validate(pos)
    assert api.legal_actions(pos) == [] and pos["result"] is None
    assert api.apply(pos, "resign")["result"] == {"winner": "N", "reason": "resign"}
    with pytest.raises(IllegalAction):
        api.apply(pos, "g7w")


def test_14_finished_game_lists_nothing_refuses_everything_mobility_counts():
    pos = make_pos({"c2": "SS", "f6": "NN"}, result={"winner": "N", "reason": "resign"})
    assert api.legal_actions(pos) == []
    with pytest.raises(IllegalAction):
        api.apply(pos, "c2+")
    with pytest.raises(IllegalAction):
        api.apply(pos, "resign")
    assert api.mobility(pos) == {"S": 5, "N": 5}


@pytest.mark.parametrize("action", [None, 5, ["c2+"], b"c2+", "C2+", "c2+ ", "RESIGN"])
def test_15_actions_match_exactly_and_non_strings_are_refused(action):
    with pytest.raises(IllegalAction):
        api.apply(make_pos({"c2": "SS", "f6": "NN"}), action)


def test_16_empty_tower_strings_are_refused():
    from towers_core.errors import BadPosition
    with pytest.raises(BadPosition, match="c2"):
        api.validate(make_pos({"c2": ""}))
