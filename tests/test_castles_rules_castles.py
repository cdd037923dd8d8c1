"""docs/rules/castles.md §6: castles, crowns and every end of the game, in order."""
import pytest
from castles_helpers import make_pos

from towers_core.castles import api
from towers_core.errors import IllegalAction


def test_castle_is_controlled_by_its_top_and_cannot_be_built_on():
    pos = make_pos({"d4": "XS"})
    assert "d4+" not in api.legal_actions(pos)


def test_crowned_castle_cannot_be_pushed_nor_entered():
    pos = make_pos({"d4": "XSSSS", "d3": "SSSSS", "c4": "NNNNN"})
    legal = api.legal_actions(pos)
    assert not any(a.startswith("d4") for a in legal)
    assert "d3n" not in legal  # full tower: d4 (height 5) stops it at once


def test_full_castle_with_the_opponent_on_top_is_theirs_for_good():
    pos = make_pos({"d5": "NNNNN", "d4": "XSSS"}, to_move="N")  # d4 height 4 < 5: N may enter
    after = api.apply(pos, "d5s")
    assert after["board"]["d4"] == "XSSSN"
    assert not any(a.startswith("d4") for a in api.legal_actions(after))  # S cannot move it


def test_four_castles_win():
    pos = make_pos({"a4": "XS", "d1": "XS", "d4": "XS", "c7": "SS", "f6": "NN"})
    after = api.apply(pos, "c7e")  # lands on d7
    assert after["board"]["d7"] == "XS"
    assert after["result"] == {"winner": "S", "reason": "castles"}


def test_a_push_can_hand_the_opponent_four_castles():
    # e1 = SNSS pushed w crosses d1, c1, b1: N lands on d1, S on c1 and b1; d1 is N's fourth castle
    pos = make_pos({"e1": "SNSS", "a4": "XN", "d4": "XN", "d7": "XN", "c6": "SS", "f6": "NN"})
    after = api.apply(pos, "e1w")
    assert after["board"]["d1"] == "XN" and after["board"]["e1"] == "S"
    assert after["result"] == {"winner": "N", "reason": "castles"}


def test_three_crowns_win():
    pos = make_pos({"a4": "XSSSS", "d1": "XSSSS", "d4": "XNNN", "c4": "SSSSS", "e4": "NNNNN",
                    "f6": "NN", "g4": "XN", "d7": "XN"})
    after = api.apply(pos, "c4e")  # k = 1 (e4 is full): the top S crowns d4, S's third crown
    assert after["board"]["d4"] == "XNNNS"
    assert after["result"] == {"winner": "S", "reason": "crowns"}


def test_quiet_rule_ends_at_60_with_more_castles_winning():
    pos = make_pos({"d4": "XS", "c2": "SS", "f6": "NN"}, quiet=59)
    after = api.apply(pos, "c2e")
    assert after["quiet"] == 60 and after["result"] == {"winner": "S", "reason": "quiet"}


def test_quiet_rule_tie_on_castles_goes_to_more_crowns_then_draw():
    base = {"c2": "SS", "f6": "NN", "b1": "NNNNN"}
    crowns = make_pos({**base, "d4": "XSSSS", "a4": "XN"}, quiet=59)
    assert api.apply(crowns, "c2e")["result"] == {"winner": "S", "reason": "quiet"}
    even = make_pos({**base, "d4": "XS", "a4": "XN"}, quiet=59)
    assert api.apply(even, "c2e")["result"] == {"winner": None, "reason": "quiet"}


def test_400_ply_limit():
    pos = make_pos({"c2": "SS", "f6": "NN", "a4": "XN"}, ply=399, quiet=0)
    after = api.apply(pos, "c2+")
    assert after["ply"] == 400 and after["result"] == {"winner": "N", "reason": "limit"}


def test_resign_at_any_time_on_ones_turn():
    pos = make_pos({"c2": "SS", "f6": "NN"}, to_move="N")
    assert api.apply(pos, "resign")["result"] == {"winner": "S", "reason": "resign"}


def test_mobility_counts_both_players_on_the_same_board():
    m = api.mobility(api.new_position())
    assert m == {"S": 12, "N": 12}


def test_finished_game_refuses_everything():
    done = make_pos({"c2": "SS", "f6": "NN"}, result={"winner": "S", "reason": "resign"})
    assert api.legal_actions(done) == []
    for action in ("c2+", "resign"):
        with pytest.raises(IllegalAction):
            api.apply(done, action)
