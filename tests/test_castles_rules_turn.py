"""docs/rules/castles.md §3: one move a turn, Build or Push, no pass; no legal move loses."""
import pytest
from castles_helpers import make_pos

from towers_core.castles import api
from towers_core.errors import IllegalAction


def test_a_move_passes_the_turn_and_counts_a_ply():
    pos = api.apply(api.new_position(), "b2+")
    assert pos["to_move"] == "N" and pos["ply"] == 1


@pytest.mark.parametrize("action", ["pass", "", "b2", "e5+"])
def test_there_is_no_pass_and_no_moving_the_opponent(action):
    with pytest.raises(IllegalAction):
        api.apply(api.new_position(), action)


def test_leaving_the_opponent_without_moves_wins():
    # N's only tower, g7 = NNNNN, is full (no build) and walled in by full towers (no push)
    blocked = make_pos({"g7": "NNNNN", "f7": "SSSSS", "g6": "SSSSS", "b2": "SSSS"}, ply=5)
    assert api.mobility(blocked) == {"S": 5 + 2 + 2, "N": 0}  # b2: + and 4 pushes; f7: s, w; g6: s, w
    after = api.apply(blocked, "b2+")
    assert after["result"] == {"winner": "S", "reason": "no-moves"}


def test_a_move_that_keeps_a_reply_does_not_end_the_game():
    pos = make_pos({"g7": "NNNN", "f7": "SSSSS", "g6": "SSSSS", "b2": "SSSS"}, ply=5)
    assert api.apply(pos, "b2+")["result"] is None
