"""Saves cannot break a game: a bad file changes nothing and says why in plain words, a good one
loads whole (undo included) and plays on; saving is atomic; a damaged autosave is kept aside."""
from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from save_mutation import mutate

from towers_core.skirmish import api
from towers_qt.skirmish.game import default_setup
from towers_qt.skirmish.save_check import read_save
from towers_qt.skirmish.session import Player, SaveError, Session

SOLO = {"S": Player("human", "South"), "N": Player("ai", "Computer", "easy")}


def play_out(session: Session, plies: int, seed: int, resign: bool = False) -> None:
    """A solo game: random human moves (fights preferred, never a pass, so it runs its plies; quiet
    ones at the end, so undo points remain: a fight that shows a card clears them), the
    computer's replies, one undo."""
    rng = random.Random(seed)
    undone = False
    while session.result is None and len(session.log) < plies:
        side = session.to_move
        view = api.view(session.position, side)
        if session.players[side].is_ai:
            session.play(api.choose_action(view, session.histories[side], "easy", seed + len(session.log)))
            continue
        actions = [a for a in api.legal_actions(view) if a not in ("resign", "pass")] or ["pass"]
        fights = [a for a in actions if "x" in a]
        quiet = [a for a in actions if not any(mark in a for mark in "x?*")]
        session.play(rng.choice((fights if len(session.log) < plies - 8 else quiet) or actions))
        if fights and not undone and len(session.log) > 6:
            undone = session.undo()  # leaves a pull in memory
    if resign and session.result is None:
        session.play("resign")  # whoever is to move: a finished game either way


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> dict[str, dict]:
    """Two real saves as dicts: a game in progress and a finished one."""
    out = {}
    for name, resign in (("playing", False), ("finished", True)):
        s = Session(time_ms=50)
        s.new_game(SOLO, 17, {"S": ["Kn", "Kn", "Sp", "Sp", "Ar", "Sc", "So", "La"]})
        play_out(s, 24, 17, resign)
        path = tmp_path_factory.mktemp("saves") / f"{name}.json"
        s.save(path)
        out[name] = json.loads(path.read_text())
        s.shutdown()
    assert len(out["playing"]["undo"]) > 1 and out["playing"]["position"]["result"] is None
    assert out["finished"]["position"]["result"] is not None
    return out


def state_of(window) -> str:
    """Everything the session holds, as text, to compare before and after a refused load."""
    s = window.session
    return json.dumps([s.to_dict(), s.viewer, s.can_undo(), sorted(window.scene.cards)], sort_keys=True)


def write(tmp_path: Path, data, name: str = "g.towers.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def start(window, saved, tmp_path) -> None:
    assert window.open_path(write(tmp_path, saved["playing"], "start.json"))
    window.session.ai.cancel()


def refused(window, path: Path, before: str) -> str:
    """Opening `path` fails, the game is exactly as before and the player got a message."""
    assert not window.open_path(path)
    box = window.message_box
    assert box is not None and box.isVisible()
    assert state_of(window) == before
    assert "Traceback" not in box.text() and len(box.text()) <= 400
    return box.text()


# -- the known bad saves ------------------------------------------------------------------------------
def _set(data: dict, path: str, value) -> dict:
    data = copy.deepcopy(data)
    *keys, last = path.split(".")
    node = data
    for key in keys:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return data


def _drop(data: dict, key: str) -> dict:
    data = copy.deepcopy(data)
    del data[key]
    return data


BAD = {
    "finished game, damaged position": ("finished", lambda d: _set(d, "position.board", {"c3": "Dragon"})),
    "finished game, garbage captured": ("finished", lambda d: _set(d, "position.captured.S", ["Dragon"])),
    "log of garbage": ("playing", lambda d: _set(d, "log", [1, "two", None])),
    "a player's name is a number": ("playing", lambda d: _set(d, "players.S.name", 5)),
    "unknown level": ("playing", lambda d: _set(d, "players.N.level", "depth:40")),
    "histories of garbage": ("playing", lambda d: _set(d, "histories.N", ["x", "y"])),
    "histories of the other player": ("playing", lambda d: _set(d, "histories.N", d["histories"]["S"])),
    "history cut short": ("playing", lambda d: _set(d, "histories.S", d["histories"]["S"][:-1])),
    "undo of garbage": ("playing", lambda d: _set(d, "undo", [{"position": 1, "log": "x", "histories": None}])),
    "undo from another game": ("playing", lambda d: _set(d, "undo.0.log", len(d["log"]) - 1)),
    "seen names a wrong card": ("playing", lambda d: _set(d, "seen.S", {"d4": "Sh"})),
    "pulls of garbage": ("playing", lambda d: _set(d, "pulls", {"abc": {"A": 7}})),
    "viewer is the computer": ("playing", lambda d: _set(d, "viewer", "N")),
    "seed is text": ("playing", lambda d: _set(d, "seed", "12")),
    "missing log": ("playing", lambda d: _drop(d, "log")),
    "an extra key": ("playing", lambda d: _set(d, "cheat", True)),
    "position changed under the log": ("playing", lambda d: _set(d, "position.marker", 9)),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_damaged_saves_are_refused_and_change_nothing(window, saved, tmp_path, case):
    start(window, saved, tmp_path)
    before = state_of(window)
    which, damage = BAD[case]
    text = refused(window, write(tmp_path, damage(saved[which])), before)
    assert text.startswith("This file is damaged:"), text


@pytest.mark.parametrize("content, message", [
    ("{ broken", "not valid JSON"), ("[" * 100000, "not valid JSON"), (json.dumps([1]), "not a Towers save"),
    ('{"format": "towers-save", "version": 2, "seed": ' + "7" * 5000 + "}", "not valid JSON"),
    (json.dumps({"format": "towers-save", "version": 4}), "unsupported save version"),
])
def test_files_that_are_no_saves_are_refused(window, saved, tmp_path, content, message):
    start(window, saved, tmp_path)
    before = state_of(window)
    assert message in refused(window, write(tmp_path, content), before)


def test_version_1_saves_still_load(window, saved, tmp_path):
    old = _drop(_drop(dict(saved["playing"], version=1), "undo"), "id")
    assert window.open_path(write(tmp_path, old))
    assert not window.session.can_undo() and window.session.log == saved["playing"]["log"]


def test_version_2_saves_load_and_get_a_game_id(window, saved, tmp_path):
    """Before version 3 a save had no game id: it loads, and the game gets a new one from then on."""
    old = _drop(dict(saved["playing"], version=2), "id")
    assert window.open_path(write(tmp_path, old))
    assert re.fullmatch(r"[0-9a-f]{32}", window.session.game_id)
    assert window.session.to_dict()["id"] == window.session.game_id
    bad = dict(saved["playing"], id="not-an-id")
    assert "id must be 32 lower-case hex digits" in refused(window, write(tmp_path, bad), state_of(window))


# -- any damage at all ---------------------------------------------------------------------------------
def playable(window, qtbot) -> None:
    """The loaded game goes on: the player to move can act, and the computer answers."""
    s = window.session
    failures: list[str] = []
    s.aiFailed.connect(failures.append)
    try:
        if s.result is None and s.ai_to_move():
            qtbot.waitUntil(lambda: failures or s.result is not None or not s.ai_to_move(), timeout=30000)
        if s.result is None and not failures:
            actions = s.legal_actions()
            assert actions, "the human to move has something to do"
            window.play(next(a for a in actions if a != "resign"))
            qtbot.waitUntil(lambda: failures or s.result is not None or not s.ai_to_move(), timeout=30000)
    finally:
        s.aiFailed.disconnect(failures.append)
    assert not failures


@hsettings(max_examples=120, deadline=None, derandomize=True,
           suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_any_damage_either_loads_a_playable_game_or_changes_nothing(window, qtbot, saved, tmp_path, data):
    which = data.draw(st.sampled_from(["playing", "finished"]))
    start(window, saved, tmp_path)
    before = state_of(window)
    damaged = mutate(saved[which], data.draw)
    path = write(tmp_path, damaged, "mutated.json")
    try:
        state = read_save(path)  # anything but SaveError fails the test
    except SaveError:
        state = None
    if state is None:
        text = refused(window, path, before)
        assert "damaged" in text or "not a Towers save" in text or "version" in text, text
    else:
        assert window.open_path(path)
        playable(window, qtbot)
    if window.message_box is not None:
        window.message_box.close()


@hsettings(max_examples=60, deadline=None, derandomize=True,
           suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_damaged_bytes_are_refused_and_change_nothing(window, saved, tmp_path, data):
    """Damage below JSON: a file cut short, bytes overwritten, a number too long to read."""
    start(window, saved, tmp_path)
    before = state_of(window)
    text = json.dumps(saved["playing"]).encode()
    how = data.draw(st.sampled_from(["cut", "bytes", "long number"]))
    at = data.draw(st.integers(1, len(text) - 2))
    if how == "cut":
        damaged = text[:at]
    elif how == "bytes":
        damaged = text[:at] + data.draw(st.binary(min_size=1, max_size=4)) + text[at + 1:]
    else:
        damaged = text.replace(b'"seed": ', b'"seed": ' + b"9" * 5000, 1)
    path = tmp_path / "bytes.json"
    path.write_bytes(damaged)
    try:
        read_save(path)
    except SaveError:
        refused(window, path, before)
    if window.message_box is not None:
        window.message_box.close()


# -- writing -----------------------------------------------------------------------------------------
def test_a_failed_save_leaves_the_old_file_whole(window, saved, tmp_path, monkeypatch):
    import os

    start(window, saved, tmp_path)
    path = tmp_path / "keep.json"
    assert window.save_to(path)
    good = path.read_text()
    window.session.players["S"].name = "Renamed"  # the next save differs

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    assert not window.save_to(path)
    assert path.read_text() == good
    assert not list(tmp_path.glob(".towers-*")), "no temp file left"
    assert "Could not save" in window.message_box.windowTitle() or "No space" in window.message_box.text()


# -- the autosave ------------------------------------------------------------------------------------
def test_a_damaged_autosave_is_kept_aside_and_reported_once(qtbot, settings, tmp_path, monkeypatch):
    from towers_qt.shell import frame
    from towers_qt.skirmish import window as mw

    auto = tmp_path / "autosave.json"
    monkeypatch.setattr(frame, "autosave_path", lambda: auto)
    auto.write_text('{"format": "towers-save", "version": 2, "log": [1, "two", null]}')
    damaged = auto.read_text()
    first = mw.MainWindow(settings, autosave=True)
    qtbot.addWidget(first)
    first.resize(1280, 720)
    first.show()
    assert not first.resume_autosave()
    kept = list(tmp_path.glob("autosave.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == damaged and not auto.exists()
    box = first.message_box
    assert box.isVisible() and not box.isModal(), "the message does not block the new game"
    assert "damaged" in box.text() and kept[0].name in box.informativeText()
    assert box.sizeHint().width() <= 1280 and box.sizeHint().height() <= 720
    first.start_game(default_setup(settings, 3))
    first.session.ai.cancel()
    first.session.shutdown()
    second = mw.MainWindow(settings, autosave=True)
    qtbot.addWidget(second)
    second.message_box = None
    second.resume_autosave()
    assert second.message_box is None, "told once"
    assert len(list(tmp_path.glob("autosave.damaged-*.json"))) == 1
    second.session.shutdown()


# -- undo survives saving ------------------------------------------------------------------------------
def test_undo_works_after_loading_into_a_fresh_window(qtbot, settings, window, clicks, tmp_path):
    from towers_qt.shell.new_game import GameSetup
    from towers_qt.skirmish.window import MainWindow

    s = window.session
    window.start_game(GameSetup(mode="computer", level="easy", human_side="S", first="S", seed=4,
                                names={"S": "You", "N": "Computer"}))
    before = copy.deepcopy(s.position)
    clicks.perform(next(a for a in api.legal_actions(s.view()) if "@" in a and "x" not in a))
    qtbot.waitUntil(lambda: len(s.log) == 2 and window.controller.active(), timeout=20000)
    path = tmp_path / "undo.json"
    assert window.save_to(path)
    fresh = MainWindow(settings, autosave=False)
    qtbot.addWidget(fresh)
    fresh.show()
    assert fresh.open_path(path)
    assert fresh.session.can_undo() and fresh.game_button(fresh.undo_action).isEnabled()
    qtbot.mouseClick(fresh.game_button(fresh.undo_action), Qt.LeftButton)
    assert fresh.session.position == before and fresh.session.log == []
    assert fresh.log.list.count() == 0
    fresh.session.shutdown()


def test_a_save_that_cannot_be_shown_brings_the_old_game_back(window, qtbot, saved, tmp_path, monkeypatch):
    """The last line of defence: should a checked save still break the screen, nothing is lost."""
    from towers_qt.skirmish import window as skirmish_window

    start(window, saved, tmp_path)
    before = state_of(window)
    other = copy.deepcopy(saved["finished"])
    show = skirmish_window.show_log

    def broken_once(widget, log, *args, **kwargs):
        if log == other["log"]:
            raise KeyError("a bug")
        return show(widget, log, *args, **kwargs)

    monkeypatch.setattr(skirmish_window, "show_log", broken_once)
    with qtbot.capture_exceptions() as raised:  # also raised inside the positionChanged slot
        assert "could not be shown" in refused(window, write(tmp_path, other), before)
    assert {str(exc) for _, exc, _ in raised} <= {"'a bug'"}


def test_save_after_a_new_game_asks_where_and_never_overwrites_the_last_games_file(window, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    from towers_qt.shell.new_game import GameSetup

    setup = GameSetup(mode="hotseat", human_side=None, seed=5, names={"S": "Ann", "N": "Bea"})
    window.start_game(setup)
    path = tmp_path / "first.json"
    assert window.save_to(path)
    kept = path.read_text()
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (asked.append(a), ("", ""))[1])
    window.save()
    assert asked == [] and path.read_text() == kept  # the same game: Save writes its file, no question
    window.start_game(GameSetup(mode="hotseat", human_side=None, seed=6, names={"S": "Cy", "N": "Di"}))
    window.save()
    assert len(asked) == 1 and path.read_text() == kept
