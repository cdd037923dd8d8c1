"""docs/rules-decisions.md (Castles): each referee decision where docs/rules/castles.md is silent."""
import pytest
from castles_helpers import make_pos

from towers_core.castles import api
from towers_core.errors import BadLevel, BadPosition, IllegalAction

BASE = {"c2": "SS", "f6": "NN"}


def test_1_a_build_resets_a_quiet_counter_past_its_limit():
    pos = make_pos(BASE, ply=100, quiet=80)
    assert api.apply(pos, "c2+")["result"] is None
    assert api.apply(pos, "c2e")["result"]["reason"] == "quiet"


def test_2_a_loaded_won_position_ends_only_after_the_next_move():
    pos = make_pos({**BASE, "a4": "XN", "d1": "XN", "d4": "XN", "d7": "XN"})
    assert api.legal_actions(pos)  # nothing ended on loading
    assert api.apply(pos, "c2+")["result"] == {"winner": "N", "reason": "castles"}


@pytest.mark.parametrize("result", [{"winner": None, "reason": r} for r in ("castles", "crowns", "no-moves", "resign")]
                         + [{"winner": "S"}, {"winner": "S", "reason": "castles", "extra": 1}])
def test_3_impossible_or_malformed_results_are_refused(result):
    with pytest.raises(BadPosition, match="result"):
        api.validate(make_pos(BASE, result=result))


def test_4_counter_ranges():
    api.validate(make_pos(BASE, ply=10**12, quiet=10**12))
    api.validate(make_pos(BASE, ply=0, quiet=5, to_move="N"))  # quiet > ply, odd parity: accepted
    with pytest.raises(BadPosition, match="ply"):
        api.validate(make_pos(BASE, ply=10**12 + 1))


def test_5_any_piece_mix_is_valid():
    api.validate(make_pos({"c2": "NNNNS", "e5": "SSSSS", "a1": "N"}))


def test_6_every_key_is_required():
    for key in ("game", "board", "to_move", "ply", "quiet", "result"):
        pos = make_pos(BASE)
        del pos[key]
        with pytest.raises(BadPosition, match=key):
            api.validate(pos)


def test_7_the_ai_resigns_when_stranded_and_refuses_a_finished_game():
    stranded = make_pos({"g7": "SSSSS", "f7": "NNNNN", "g6": "NNNNN"})
    assert api.choose_action(stranded, [], "normal", 1) == "resign"
    with pytest.raises(IllegalAction):
        api.choose_action(make_pos(BASE, result={"winner": "S", "reason": "resign"}), [], "normal", 1)


def test_8_preview_of_resign_changes_no_square():
    pv = api.preview(make_pos(BASE), "resign")
    assert pv["gains"] == {} and pv["result"] == {"winner": "N", "reason": "resign"}


def test_9_crowned_castles_count_as_held_in_the_tie_break():
    pos = make_pos({**BASE, "d4": "XSSSS", "a4": "XN", "d1": "XN"}, quiet=59)  # S 1 (crowned), N 2
    assert api.apply(pos, "c2e")["result"] == {"winner": "N", "reason": "quiet"}


@pytest.mark.parametrize("level", ["depth:0", "depth:41", "nodes:0", "nodes:-5", "nodes:99999999999",
                                   "depth:x", "hardest", "", None, 3, "depth:", "nodes:1e6"])
def test_10_bad_levels_are_refused(level):
    with pytest.raises(BadLevel):
        api.choose_action(make_pos(BASE), [], level, 1)


@pytest.mark.parametrize("seed,time_ms", [(None, None), ("1", None), (True, None), (1, 0), (1, -5),
                                          (1, 10**9), (1, 2.5), (1, "100")])
def test_10_bad_seeds_and_times_are_refused(seed, time_ms):
    with pytest.raises(BadLevel):
        api.choose_action(make_pos(BASE), [], "depth:1", seed, time_ms)


def test_counters_at_their_bound_stay_there_and_huge_values_are_named_briefly():
    """Input audit: a move from a file at the counters' bound writes a position that loads again; a
    number far past it is refused with a short message naming the field."""
    import copy

    from towers_core.castles.position import COUNTER_MAX
    start = api.new_position()
    after = api.apply(dict(start, ply=COUNTER_MAX), api.legal_actions(start)[0])
    api.validate(after)
    assert after["ply"] == COUNTER_MAX and after["result"] is not None
    bad = dict(start, quiet=10 ** 4000)
    kept = copy.deepcopy(bad)
    with pytest.raises(BadPosition, match="quiet is too large") as err:
        api.validate(bad)
    assert len(str(err.value)) < 200 and bad == kept
