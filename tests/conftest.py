"""Shared test setup. Qt runs offscreen; Qt fixtures live here so the app's tests share one way
of building a window and clicking squares. The slow tier is chosen here too (SLOW below)."""
from __future__ import annotations

import os
import sys
from pathlib import Path
import warnings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# the research tools (tools/, not installed) are tested too; appended, so an installed towers_core still wins
sys.path.append(str(Path(__file__).resolve().parent.parent))

import pytest

# The slow tier (`pytest -m slow`; plain `pytest` leaves it out, CI runs both): whole files of random
# sweeps against reference engines, and single tests over about 2 s. A test file may also mark its
# own tests `@pytest.mark.slow`. An entry is a file name or "file::test function" (all its params).
SLOW = (
    "test_castles_cleanroom.py", "test_skirmish_cleanroom.py", "test_castles_spec_ref.py",
    "test_skirmish_spec_ref.py", "test_castles_properties.py", "test_properties.py",
    "test_gauntlet_properties.py", "test_gauntlet_c_engine.py", "test_input_mutation.py",
    "test_ai_search_threads.py", "test_gauntlet_styles.py",
    "test_qt_saves.py::test_any_damage_either_loads_a_playable_game_or_changes_nothing",
    "test_qt_polish.py::test_a_game_played_with_animations_ends_each_action_on_the_true_board",
    "test_qt_game.py::test_screenshot_and_smoke_test_command_lines",
    "test_qt_game.py::test_hotseat_game_with_curtain_by_clicks",
    "test_qt_secrets.py::test_solo_game_never_names_the_computers_hidden_cards",
    "test_castles_qt_window.py::test_solo_game_to_the_end_by_clicks",
    "test_castles_api.py::test_bad_input_anywhere_raises_only_project_errors_and_mutates_nothing",
    "test_castles_ai.py::test_the_clock_cap_starts_when_the_search_runs",
    "test_ai_search.py::test_the_null_move_is_off_under_the_exact_checks",
    "test_ai_search.py::test_the_null_move_reaches_the_same_depth_with_fewer_nodes",
)


@pytest.hookimpl(tryfirst=True)  # before -m deselects
def pytest_collection_modifyitems(config, items):
    """Marks the SLOW entries `slow`, and warns of an entry that names no test (renamed or gone)."""
    used, files = set(), {item.path.name for item in items}
    for item in items:
        function = item.name.split("[", 1)[0]
        for entry in (item.path.name, f"{item.path.name}::{function}"):
            if entry in SLOW:
                item.add_marker(pytest.mark.slow)
                used.add(entry)
    for entry in SLOW:
        file = entry.split("::")[0]
        if entry not in used and (file in files or not (config.rootpath / "tests" / file).exists()):
            warnings.warn(pytest.PytestConfigWarning(f"tests/conftest.py SLOW: {entry} names no test"), stacklevel=1)


@pytest.fixture
def qsettings(tmp_path):
    """A throw-away INI store, so tests never touch the user's settings."""
    from PySide6.QtCore import QSettings

    return QSettings(str(tmp_path / "towers-test.ini"), QSettings.IniFormat)


@pytest.fixture
def settings(qsettings):
    from towers_qt.shell.settings import AnimationSpeed, Settings

    s = Settings(qsettings)
    s.set_animation_speed(AnimationSpeed.NONE)
    return s


@pytest.fixture
def open_window(qtbot):
    """Shows a game's window offscreen the one way every game's tests do: open_window(win) -> win.
    Its session (and AI thread) is shut down after the test."""
    opened = []

    def open_(win):
        qtbot.addWidget(win)
        win.resize(1300, 900)
        win.show()
        qtbot.waitExposed(win)
        opened.append(win)
        return win
    yield open_
    for win in opened:
        win.session.shutdown()


@pytest.fixture
def window(open_window, settings):
    """The real main window, shown offscreen, without autosave or animations."""
    from PySide6.QtCore import QStandardPaths

    from towers_qt.skirmish.window import MainWindow

    QStandardPaths.setTestModeEnabled(True)
    win = MainWindow(settings, autosave=False)
    win.session.time_ms = 50
    return open_window(win)


@pytest.fixture
def gwin(open_window, settings):
    """A Gauntlet window, offscreen, with no autosave and a short clock for its computer player."""
    from PySide6.QtCore import QStandardPaths

    from towers_qt.gauntlet.window import GauntletWindow

    QStandardPaths.setTestModeEnabled(True)
    win = GauntletWindow(settings, autosave=False)
    win.session.time_ms = 100
    return open_window(win)


@pytest.fixture
def choose_game(monkeypatch):
    """Game → New game picks `key` in the game chooser without showing it: choose_game("skirmish")."""
    from towers_qt.shell.chooser import GameChooser

    def choose(key: str) -> None:
        monkeypatch.setattr(GameChooser, "exec", lambda dialog: GameChooser.Accepted)
        monkeypatch.setattr(GameChooser, "choice", lambda dialog: key)
    return choose


class Clicks:
    """Drives the window like a player: every action is performed by mouse clicks on the screen."""

    def __init__(self, qtbot, window) -> None:
        self.qtbot, self.window = qtbot, window

    def point(self, square: str):
        """Viewport point at the centre of `square` as currently drawn."""
        return self.window.view.mapFromScene(self.window.scene.center(square))

    def square(self, square: str, shift: bool = False) -> None:
        from PySide6.QtCore import Qt

        modifier = Qt.ShiftModifier if shift else Qt.NoModifier
        self.qtbot.mouseClick(self.window.view.viewport(), Qt.LeftButton, modifier, self.point(square))

    def card(self, code: str) -> None:
        from PySide6.QtCore import Qt

        tile = next(t for t in self.window.barrack.tiles if t.face.code == code and t.face.deployable)
        self.qtbot.mouseClick(tile, Qt.LeftButton)

    def button(self, button) -> None:
        from PySide6.QtCore import Qt

        assert button.isVisible() and button.isEnabled(), button.text()
        self.qtbot.mouseClick(button, Qt.LeftButton)

    def pick_menu(self, action: str) -> None:
        """Choose `action` in the menu the window offered (several actions fit one click)."""
        menu = self.window.controller.menu
        assert menu is not None and menu.isVisible()
        next(a for a in menu.actions() if a.data() == action).trigger()
        menu.close()

    def confirm_preview(self) -> None:
        dialog = self.window.preview_dialog
        assert dialog is not None and dialog.isVisible(), f"no attack preview after {self.window.session.log[-1:]}"
        self.button(dialog.confirm_button)

    def perform(self, action: str) -> None:
        """Play `action` through clicks on the board, the barrack and the action bar."""
        from PySide6.QtWidgets import QApplication

        from towers_core.skirmish import api

        d = api.parse_action(action)
        kind, bar = d["kind"], self.window.bar
        if kind == "pass":
            self.button(self.window.game_button(self.window.pass_action))
        elif kind == "resign":
            self.button(self.window.game_button(self.window.resign_action))
            box = self.window.message_box
            self.button(box.button(box.StandardButton.Yes))
        elif kind in ("deploy", "maneuver"):
            self._move(d, action)
        elif kind in ("attack", "scout", "soulcast"):
            self.square(d["from"])
            self.square(d["target"])
            self._menu(action)
        elif kind == "posture" and d["to"] not in (None, d["from"]):
            self.square(d["from"])
            self.square(d["to"], shift=True)
            self._menu(action)
        else:  # single posture, retreat, stand up: a button in the action bar
            self.square(d["from"])
            button = bar.button_for(action)
            assert button is not None, f"no action-bar button for {action}"
            self.button(button)
        if kind == "attack" or d["follow"] == "attack":
            self.confirm_preview()
        QApplication.processEvents()

    def _menu(self, action: str) -> None:
        """When one click fits several actions (attack or scout b4), the window offers a menu."""
        menu = self.window.controller.menu
        if menu is not None and menu.isVisible():
            self.pick_menu(action)

    def _move(self, d: dict, action: str) -> None:
        if d["kind"] == "deploy":
            self.card(d["card"])
        else:
            self.square(d["from"])
        self.square(d["to"])
        if self.window.controller.chooser.pending:
            self.square(d["target"] if d["follow"] else d["to"])
            self._menu(action)


@pytest.fixture
def clicks(qtbot, window):
    return Clicks(qtbot, window)


@pytest.fixture(autouse=True, scope="module")
def _gauntlet_c_cross_check(request):
    """Gauntlet modules: every api.play / api.legal_actions is also checked against the other
    engine (tests/gauntlet_cross.py); module-scoped so hypothesis tests may use it."""
    if not request.module.__name__.rpartition(".")[2].startswith("test_gauntlet_"):
        yield
        return
    from gauntlet_cross import install

    with pytest.MonkeyPatch.context() as mp:
        install(mp)
        yield


@pytest.fixture(autouse=True)
def _no_ai_thread_outlives_its_test():
    """A window a test leaves open (a failed assertion, a close that asked first) would keep its AI
    worker's QThread running; destroying a running QThread aborts the whole run. So after each test
    every open window's session is shut down."""
    yield
    widgets = sys.modules.get("PySide6.QtWidgets")
    app = widgets.QApplication.instance() if widgets else None
    if app is None:
        return
    for widget in app.topLevelWidgets():
        session = getattr(widget, "session", None)
        if session is not None and hasattr(session, "shutdown"):
            session.shutdown()
