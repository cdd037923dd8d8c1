"""towers_core.castles.api: the names outside checkers use, preview, and only project errors out."""
import copy
import json

from castles_helpers import make_pos, random_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pytest

from towers_core.castles import api
from towers_core.errors import BadHistory, BadPosition, TowersError

NAMES = ("new_position", "legal_actions", "apply", "play", "view", "to_move", "result", "history_items",
         "mobility", "validate", "choose_action", "preview")


def test_the_api_has_exactly_the_agreed_names():
    for name in NAMES:
        assert callable(getattr(api, name))


def test_positions_are_plain_json():
    pos = random_game(5)[40]
    assert json.loads(json.dumps(pos)) == pos


def test_preview_of_a_push_shows_gains_what_stays_castles_and_crowns():
    pos = make_pos({"d2": "NSSSS", "d3": "NNN", "d4": "XNNN", "f6": "NN"})
    pv = api.preview(pos, "d2n")
    # h 5: d3 (3), d4 (4), d5 (0), d6 (0) crossed: S S S S land; N stays
    assert pv["kind"] == "push" and pv["from"] == "d2" and pv["stays"] == "N"
    assert pv["gains"] == {"d3": "S", "d4": "S", "d5": "S", "d6": "S"}
    assert pv["castles"] == {"d4": {"from": "N", "to": "S"}}
    assert pv["crowns"] == {"d4": "S"}
    assert pv["position"] == api.apply(pos, "d2n")


def test_preview_of_a_build():
    pv = api.preview(make_pos({"c2": "NS", "f6": "NN"}), "c2+")
    assert pv["kind"] == "build" and pv["gains"] == {"c2": "S"} and pv["stays"] == "NSS"
    assert pv["castles"] == {} and pv["result"] is None


def test_preview_shows_a_castle_handed_back():
    pv = api.preview(make_pos({"d3": "NS", "d4": "XS", "f6": "NN"}), "d4n")
    assert pv["castles"] == {"d4": {"from": "S", "to": None}} and pv["stays"] == "X"


def test_play_gives_the_position_and_one_entry_for_the_moves_list():
    pos = random_game(3)[7]
    action = api.legal_actions(pos)[0]
    after, entries = api.play(pos, action)
    assert after == api.apply(pos, action)
    assert entries == [{"player": pos["to_move"], "action": action, "ply": pos["ply"], "result": None}]
    resigned, (entry,) = api.play(pos, "resign")
    assert entry["result"] == resigned["result"] == api.result(resigned)
    assert entry["result"]["winner"] != pos["to_move"] and api.to_move(resigned) is None


def test_a_view_is_a_checked_copy_of_the_position():
    pos = random_game(3)[9]
    v = api.view(pos, "N")
    assert v == pos and v is not pos and v["board"] is not pos["board"]
    with pytest.raises(BadPosition, match="side"):
        api.view(pos, "X")
    with pytest.raises(BadPosition, match="board"):
        api.view(dict(pos, board=[]), "S")


def test_the_history_is_the_actions_so_far_and_is_checked():
    game = random_game(4)
    moves = [next(a for a in api.legal_actions(p) if api.apply(p, a) == q) for p, q in zip(game[:10], game[1:11])]
    assert api.history_items(game[0], moves[0], game[1], [], "N") == [moves[0]]
    assert api.choose_action(game[10], moves, "greedy", 1) == api.choose_action(game[10], [], "greedy", 1)
    for bad, where in (("c2+", "history"), ([7], r"history\[0\]"), (["c2+", "zz9"], r"history\[1\]"),
                       (["c2+", None], r"history\[1\]")):
        with pytest.raises(BadHistory, match=where):
            api.choose_action(game[10], bad, "greedy", 1)
    with pytest.raises(TowersError):
        api.history_items(game[0], "zz9", game[1], [], "S")


def test_choose_action_is_deterministic_and_legal():
    pos = random_game(11)[12]
    for level in ("random", "greedy", "easy", "depth:3", "nodes:5000"):
        a = api.choose_action(pos, [], level, 42)
        assert a in api.legal_actions(pos)
        assert api.choose_action(pos, [], level, 42) == a


# ---------------------------------------------------------------- fuzz: only TowersError comes out

REAL = [p for g in (1, 2) for p in random_game(g)[::15]]
junk = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True),
                 st.text(max_size=8), st.binary(max_size=4), st.lists(st.integers(), max_size=3),
                 st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
tower_text = st.text(alphabet="SNXsnx -5", max_size=7)


@st.composite
def mutated_positions(draw):
    pos = copy.deepcopy(draw(st.sampled_from(REAL)))
    for _ in range(draw(st.integers(1, 3))):
        what = draw(st.integers(0, 6))
        if what in (1, 2, 6) and not (isinstance(pos.get("board"), dict) and pos["board"]):
            what = 0
        if what == 0:
            pos[draw(st.sampled_from(list(pos) or ["board"]))] = draw(junk)
        elif what == 1:
            pos["board"][draw(st.sampled_from(list(pos["board"])))] = draw(st.one_of(tower_text, junk))
        elif what == 2:
            pos["board"][draw(st.text(alphabet="abch1789", min_size=1, max_size=3))] = draw(tower_text)
        elif what == 3 and pos:
            pos.pop(draw(st.sampled_from(list(pos))), None)
        elif what == 4:
            pos["result"] = draw(st.one_of(junk, st.fixed_dictionaries(
                {"winner": st.sampled_from(["S", "N", None, "X", 0]),
                 "reason": st.sampled_from(["castles", "crowns", "no-moves", "quiet", "limit", "resign", "x"])})))
        elif what == 5:
            pos[draw(st.sampled_from(["ply", "quiet"]))] = draw(st.integers(-10, 2**65))
        else:
            pos["board"].pop(draw(st.sampled_from(list(pos["board"]))))
    return pos


actions = st.one_of(st.sampled_from(["c2+", "c2e", "d4n", "resign", "b2+", "e5s"]), st.text(max_size=5), junk)
histories = st.one_of(st.just([]), st.just(["c2+", "resign"]), st.lists(st.one_of(actions, junk), max_size=3), junk)
levels = st.one_of(st.sampled_from(["random", "greedy", "depth:1", "nodes:50", "depth:0", "nodes:-1",
                                    "depth:99", "nodes:9999999999", "expert!"]), junk)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pos=st.one_of(mutated_positions(), st.sampled_from(REAL), junk), action=actions, level=levels,
       seed=st.one_of(st.integers(-2**70, 2**70), junk), time_ms=st.one_of(st.none(), st.integers(-5, 10**7), junk),
       history=histories, side=st.one_of(st.sampled_from(["S", "N"]), junk))
def test_bad_input_anywhere_raises_only_project_errors_and_mutates_nothing(pos, action, level, seed, time_ms,
                                                                           history, side):
    snapshot, history_snapshot = copy.deepcopy(pos), copy.deepcopy(history)
    calls = [lambda: api.validate(pos), lambda: api.legal_actions(pos), lambda: api.mobility(pos),
             lambda: api.apply(pos, action), lambda: api.preview(pos, action), lambda: api.play(pos, action),
             lambda: api.view(pos, side), lambda: api.to_move(pos), lambda: api.result(pos),
             lambda: api.history_items(pos, action, pos, [], side),
             lambda: api.choose_action(pos, history, level, seed, time_ms)]
    for call in calls:
        try:
            call()
        except TowersError:
            pass
    assert repr(pos) == repr(snapshot)  # repr: nan != nan, but a nan left as it was is unchanged
    assert repr(history) == repr(history_snapshot)
