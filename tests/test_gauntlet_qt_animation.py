"""Animations and the last turn's outline: what is animated is what the viewer read in their log
(beats in order, a shot for a ranged blow), an animated action ends on the true board, and the
other side's last turn is outlined from the viewer's log only."""
from __future__ import annotations

import os
import tempfile

import pytest
from PySide6.QtCore import QSettings

from towers_qt.gauntlet.board.animation import beats, shooter
from towers_qt.gauntlet.board.last_turn import last_turn
from towers_qt.gauntlet.game import midbattle
from towers_qt.gauntlet.window import GauntletWindow
from towers_qt.shell.settings import AnimationSpeed, Settings


def test_beats_keep_moves_alone_and_land_hits_together_before_the_deaths():
    events = [["move", "b5", "c4"], ["hit", "b6", 2, 0], ["hit", "c6", 1, 3], ["die", "b6", "De"],
              ["move", "c4", "b6"], ["income", 1, 3]]
    assert beats(events) == [[events[0]], events[1:3], [events[3]], [events[4]]]


def test_the_shot_starts_where_the_attacker_stands_after_its_move_and_a_hidden_origin_is_no_shot():
    assert shooter("a4-b5xc7", [["move", "a4", "b5"], ["hit", "c7", 1, 2]]) == ("b5", ["c7"])
    assert shooter("?-c4xb5", [["hit", "b5", 1, 14]]) == (None, [])
    assert shooter("end", []) == (None, [])


def test_last_turn_is_the_other_sides_latest_run_of_entries():
    entries = [{"side": "C", "a": "c7-c6", "ev": [["move", "c7", "c6"]]},
               {"side": "G", "a": "end", "ev": []},
               {"side": "C", "a": "start", "ev": [["income", 1, 3]]},
               {"side": "C", "a": "d7-d5xd4", "ev": [["move", "d7", "d5"], ["hit", "d4", 2, 1]]},
               {"side": "C", "a": "?-e4xe3", "ev": [["hit", "e3", 1, 4]]},
               {"side": "G", "a": "start", "ev": []}]
    assert last_turn(entries, "G") == ("C", ["d7", "d5", "d4", "e3"])
    assert last_turn(entries[:1], "C") == (None, [])


@pytest.fixture
def animated(open_window, qsettings):
    settings = Settings(QSettings(os.path.join(tempfile.mkdtemp(), "a.ini"), QSettings.IniFormat))
    settings.set_animation_speed(AnimationSpeed.FAST)
    win = GauntletWindow(settings, autosave=False)
    win.session.restore(midbattle(4, 14))
    open_window(win)
    win._show_new_game()
    return win


def test_an_animated_attack_shows_its_damage_then_ends_on_the_true_board(animated, qtbot):
    win = animated
    assert any(what.startswith("last turn") for what, *_ in win.board.items_record())
    attack = next(a for a in win.session.legal_actions("G") if "x" in a)
    win.play(attack)
    assert win.animating

    def numbers() -> list[str]:
        return [what for what, *_ in win.board.items_record() if what.startswith("animation number")]
    qtbot.waitUntil(lambda: bool(numbers()), timeout=20000)
    assert all("−" in n for n in numbers())
    qtbot.waitUntil(lambda: not win.animating, timeout=20000)
    shown = sorted(item.tile for item in win.board.pieces.values())
    assert shown == sorted(win.session.view("G")["pieces"])
    assert not any(what.startswith("animation") for what, *_ in win.board.items_record())
