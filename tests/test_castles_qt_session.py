"""The Castles session without a window: play, undo, the computer through the shared worker, and
save files checked whole by the core (a damaged one changes nothing)."""
from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from save_mutation import mutate

from towers_core.castles import api
from towers_qt.castles.session import CastlesSession, check_state
from towers_qt.shell.players import Player
from towers_qt.shell.save_file import SaveError, read_json

SOLO = {"S": Player("human", "You"), "N": Player("ai", "Computer", "depth:1")}
HOTSEAT = {"S": Player("human", "Ann"), "N": Player("human", "Bob")}


@pytest.fixture
def session(qtbot):
    s = CastlesSession(time_ms=None)
    yield s
    s.shutdown()


def test_hotseat_play_and_undo_one_move(session):
    session.new_game(HOTSEAT, 5)
    session.play("b2+")
    session.play("e5+")
    assert session.actions == ["b2+", "e5+"] and session.to_move == "S"
    assert session.position == api.apply(api.apply(api.new_position(), "b2+"), "e5+")
    assert session.undo() and session.actions == ["b2+"] and session.to_move == "N"
    assert not session.can_undo() and "Only the last move" in session.undo_refusal(), "never the other's move"
    session.play("f6+")
    assert session.can_undo(), "a new move may be taken back again"


def test_a_loaded_hotseat_game_takes_back_its_last_move_only(session):
    session.new_game(HOTSEAT, 5)
    for action in ("b2+", "e5+"):
        session.play(action)
    session.restore(session.state())
    assert session.undo() and not session.undo() and session.actions == ["b2+"]


def test_an_illegal_action_changes_nothing(session):
    session.new_game(HOTSEAT, 5)
    with pytest.raises(ValueError):
        session.play("e5+")  # North's tower, South to move
    assert session.actions == [] and session.position == api.new_position()


def test_the_computer_answers_on_the_worker_and_undo_takes_both_back(session, qtbot):
    session.new_game(SOLO, 7)
    session.play("c3+")
    assert session.start_ai()
    qtbot.waitUntil(lambda: len(session.actions) == 2, timeout=20000)
    assert session.to_move == "S" and session.can_undo()
    assert session.undo() and session.actions == [] and session.to_move == "S"
    assert not session.can_undo()


def test_undo_while_the_computer_thinks_cancels_it(session, qtbot):
    session.new_game({"S": Player("human", "You"), "N": Player("ai", "Computer", "expert")}, 7)
    session.play("c3+")
    assert session.start_ai() and session.ai.busy
    assert session.undo() and not session.ai.busy and session.actions == []
    qtbot.wait(200)
    assert session.actions == []


def test_hint_for_the_human(session, qtbot):
    session.new_game(SOLO, 7)
    with qtbot.waitSignal(session.hintReady, timeout=20000) as hint:
        assert session.request_hint()
    assert hint.args[0] in api.legal_actions(session.position)
    assert session.actions == []


def test_save_and_load_round_trip(session, tmp_path):
    session.new_game(SOLO, 9)
    for action in ("c3+", "e5+", "c3n"):
        session.play(action)
    path = tmp_path / "g.towers.json"
    session.save(path)
    data = read_json(path)
    assert data["game"] == "castles"
    state = check_state(data)
    other = CastlesSession()
    other.restore(state)
    assert other.actions == session.actions and other.position == session.position
    assert other.players == session.players
    other.shutdown()


@pytest.mark.parametrize("change, field", [
    (lambda d: d["actions"].append("a1+"), "actions[3]"),
    (lambda d: d["start"]["board"].update(d4="XXS"), "start"),
    (lambda d: d["players"]["N"].update(level="godlike"), "players.N.level"),
    (lambda d: d["players"].pop("S"), "players"),
    (lambda d: d.update(seed=-1), "seed"),
    (lambda d: d.update(actions="c3+"), "actions"),
    (lambda d: d["actions"].__setitem__(0, 7), "actions[0]"),
])
def test_a_damaged_save_is_refused_with_its_field(session, change, field):
    session.new_game(SOLO, 9)
    for action in ("c3+", "e5+", "c3n"):
        session.play(action)
    data = json.loads(json.dumps(session.to_dict()))
    change(data)
    with pytest.raises(SaveError) as err:
        check_state(data)
    assert str(err.value).startswith("This file is damaged: ") and field in str(err.value)


def _real_save() -> dict:
    """A solo game five moves in, as its save file holds it."""
    session = CastlesSession(time_ms=None)
    session.new_game(SOLO, 9)
    for action in ("c3+", "e5+", "c3n", "e5s", "b2+"):
        session.play(action)
    data = json.loads(json.dumps(session.to_dict()))
    session.shutdown()
    return data


@hsettings(max_examples=150, deadline=None, derandomize=True,
           suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_any_damage_to_a_castles_save_is_refused_whole_or_loads_a_game_the_rules_allow(qtbot, data):
    """One random change anywhere in a real save: check_state either refuses it with SaveError naming the
    damage (never another exception) or returns a game whose every position follows from the start by
    legal actions; the data it was given is never changed."""
    damaged = mutate(_real_save(), data.draw)
    given_data = copy.deepcopy(damaged)
    try:
        state = check_state(damaged)
    except SaveError as err:
        text = str(err)
        assert "damaged" in text or "version" in text or "not a Towers save" in text, text
        state = None
    assert damaged == given_data
    if state is not None:
        pos = state["positions"][0]
        for action, after in zip(state["actions"], state["positions"][1:], strict=True):
            assert action in api.legal_actions(pos)
            pos = api.apply(pos, action)
            assert pos == after
        other = CastlesSession(time_ms=None)
        other.restore(state)
        assert other.position == pos
        other.shutdown()
