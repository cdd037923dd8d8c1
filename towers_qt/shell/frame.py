"""The window frame every game shares: Game menu (new, open, save, quit), Help menu, the AI's
thinking indicator, message boxes, save/load/autosave/resume of any game and the game switch.

A game's window subclasses `GameFrame` and supplies its session (with `save`, `state`, `restore`,
`result`, `position`, `asking`, `shutdown`, and the signals `positionChanged` and `actionPlayed`),
its board and docks, `refresh`, `on_action_played`, `play`, `_show_new_game`, `update_actions`
and `start_options(setup)`. Which game a file holds is its "game" key; opening
another game's file (or choosing another game) swaps the window for that game's (`towers_qt/games.py`).
"""
from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSize, QStandardPaths, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressBar,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from towers_qt.games import KEYS, game_kind, named
from towers_qt.shell.about import AboutDialog
from towers_qt.shell.chooser import GameChooser
from towers_qt.shell.fit import fit_to_screen
from towers_qt.shell.names import display_names
from towers_qt.shell.palette import apply_scheme
from towers_qt.shell.players import other
from towers_qt.shell.save_file import FILTER, SaveError, game_of, read_json
from towers_qt.shell.settings import AnimationSpeed, Settings


FIRST_SIZE = QSize(1280, 860)  # a game window's size on a first start, when the screen has room


class GameFrame(QMainWindow):
    """What every game's main window does the same way (see the module docstring)."""

    GAME = "?"  # the key of the game in towers_qt.games.KEYS

    def __init__(self, settings: Settings | None, autosave: bool) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.autosave = autosave
        self.message_box: QMessageBox | None = None
        self.over_box: QDialog | None = None  # the end-of-game dialog while it is open
        self.animating = False  # a move is being animated: the flow waits for it
        self.animations_enabled = True  # off for screenshots
        self.successor: GameFrame | None = None  # the other game's window, after a switch
        self.palette_action: QAction | None = None
        self.save_path: Path | None = None  # the file Save writes: the one this game was opened from or saved to
        apply_scheme(self.settings.palette())  # before the game's widgets take their colours

    # -- construction helpers -----------------------------------------------------------------
    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetMovable | QDockWidget.DockWidgetFloatable
                         | QDockWidget.DockWidgetClosable)
        self.addDockWidget(area, dock)
        return dock

    def _set_field(self, name: str, margins: tuple[int, int, int, int], *rows: QWidget, grow: QWidget) -> None:
        """The central column (object `name`, for the style sheet): `rows` top to bottom, spaced
        alike in every game, `grow` (the board) taking the spare height."""
        central = QWidget()
        central.setObjectName(name)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(*margins)
        layout.setSpacing(4)
        for row in rows:
            layout.addWidget(row, 1 if row is grow else 0)
        self.setCentralWidget(central)

    def _menu_action(self, menu: QMenu, text: str, slot: Callable[[], object],
                     shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None) -> QAction:
        action = menu.addAction(text)
        action.triggered.connect(slot)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        return action

    def _file_actions(self, game: QMenu) -> None:
        """The Game menu's first part, the same in every game."""
        self._menu_action(game, "&New game…", self.new_game_dialog, QKeySequence.New)
        self._menu_action(game, "&Open…", self.open_dialog, QKeySequence.Open)
        self._menu_action(game, "&Save", self.save, QKeySequence.Save)
        self._menu_action(game, "Save &as…", self.save_as, QKeySequence.SaveAs)

    def _game_toolbar(self, view: QMenu, actions: list[QAction], names: str) -> QToolBar:
        """Undo, Hint (, Pass) and Resign as buttons in the same place in every game: a fixed
        toolbar under the menus, which View can hide."""
        bar = QToolBar("Game", self)
        bar.setObjectName("GameToolBar")
        bar.setMovable(False)
        bar.setToolButtonStyle(Qt.ToolButtonTextOnly)
        for action in actions:
            bar.addAction(action)
        self.addToolBar(Qt.TopToolBarArea, bar)
        toggle = bar.toggleViewAction()
        toggle.setText(f"{names} buttons")
        view.addAction(toggle)
        self.game_bar = bar
        return bar

    def game_button(self, action: QAction) -> QWidget:
        """The game toolbar's button of `action` (Undo, Hint, ...)."""
        return self.game_bar.widgetForAction(action)

    def _statistics_action(self, game: QMenu) -> None:
        """Game ▸ Statistics: every game's record, kept with the settings (shell.statistics)."""
        self._menu_action(game, "S&tatistics…", self.show_statistics)

    def show_statistics(self) -> None:
        from towers_qt.shell.statistics import StatisticsDialog

        self.statistics_dialog = StatisticsDialog(self, self.settings)
        self.statistics_dialog.open()

    def _keep_statistics(self) -> None:
        """Count each game once, when a move played here ends it: opening a finished game, its
        review or its end screen again adds nothing."""
        self.session.actionPlayed.connect(lambda *_: self._count_result())

    def _count_result(self) -> None:
        s = self.session
        if s.result is None or s.mode() == "demo":
            return
        if s.mode() == "hotseat":
            self.settings.add_result(self.GAME, None)
            return
        human = s.humans()[0]
        winner = s.result.get("winner")
        outcome = "draw" if winner is None else "win" if winner == human else "loss"
        self.settings.add_result(self.GAME, s.players[other(human)].level, outcome)

    def _quit_action(self, game: QMenu) -> None:
        """The Game menu's last part, the same in every game."""
        game.addSeparator()
        self._menu_action(game, "&Quit", self.close, QKeySequence.Quit)

    def _speed_menu(self, view: QMenu) -> None:
        """View → Animation speed: one shared setting, so every game offers the same choices."""
        speed = view.addMenu("&Animation speed")
        group = QActionGroup(self)
        for value in AnimationSpeed:
            action = speed.addAction(value.name.capitalize())
            action.setCheckable(True)
            action.setChecked(self.settings.animation_speed() == value)
            action.triggered.connect(lambda _=False, v=value: self.settings.set_animation_speed(v))
            group.addAction(action)

    def _palette_action(self, view: QMenu) -> None:
        """View → Colour-blind-safe colours: one shared setting, so both games show the same sides."""
        view.addSeparator()
        action = QAction("Colour-blind-safe colours", self)
        action.setCheckable(True)
        action.setChecked(self.settings.palette() == "colour-blind")
        action.setToolTip("Amber and navy sides that differ in lightness as well as hue")
        action.toggled.connect(lambda on: self.set_palette("colour-blind" if on else "classic"))
        view.addAction(action)
        self.palette_action = action

    def _keys_action(self, view: QMenu, board_keys: tuple[tuple[str, str], ...]) -> None:
        """View → Keyboard controls (Ctrl+/): every key of this game in a table (shell.keys_dialog)."""
        action = QAction("Keyboard controls", self)
        action.setShortcut(QKeySequence("Ctrl+/"))
        action.triggered.connect(lambda: self.show_keys(board_keys))
        view.addAction(action)

    def show_keys(self, board_keys: tuple[tuple[str, str], ...]) -> None:
        from towers_qt.shell.keys_dialog import KeysDialog

        self.keys_dialog = KeysDialog(self, board_keys)
        self.keys_dialog.open()

    def set_palette(self, name: str) -> None:
        """Switch the sides' colour scheme, remember it, and repaint this window in it."""
        self.settings.set_palette(name)
        apply_scheme(name)
        self.recolour()

    def recolour(self) -> None:
        """Repaint what does not follow the shared colours by itself; each game adds its own caches."""
        self.refresh()

    def _escape_action(self, slot: Callable[[], object], text: str) -> None:
        """Escape anywhere in the window backs out; each game says of what (`slot`, in `text`)."""
        action = QAction(text, self)
        action.setShortcut(QKeySequence(Qt.Key_Escape))
        action.triggered.connect(slot)
        self.addAction(action)

    def _build_status(self) -> None:
        self.thinking_label = QLabel()
        self.thinking_bar = QProgressBar()
        self.thinking_bar.setRange(0, 100)
        self.thinking_bar.setFixedWidth(160)
        self.thinking_bar.setTextVisible(False)
        self.statusBar().addPermanentWidget(self.thinking_label)
        self.statusBar().addPermanentWidget(self.thinking_bar)
        self._show_thinking(False)

    def _connect_session(self) -> None:
        """Every game's session reports a new position and each move played (to animate)."""
        s = self.session
        s.positionChanged.connect(self.refresh)
        s.actionPlayed.connect(self.on_action_played)
        self._connect_ai()

    def _connect_ai(self) -> None:
        """The session's AI signals every game's session has (shell.ai_worker underneath)."""
        s = self.session
        s.aiThinking.connect(self._show_thinking)
        s.aiProgress.connect(self.thinking_bar.setValue)
        s.aiFailed.connect(self._ai_failed)
        s.hintReady.connect(self.show_hint)

    def _restore_layout(self) -> None:
        """The size and docks of the last run; on a first start FIRST_SIZE, or the screen's room if less."""
        self.resize(FIRST_SIZE)
        fit_to_screen(self)
        geometry = self.settings.window_geometry()
        if not geometry.isEmpty():
            self.restoreGeometry(geometry)
        state = self.settings.dock_state(game_kind(self.GAME))
        if state.isEmpty() or not self.restoreState(state):
            self._default_layout()

    def _default_layout(self) -> None:
        """Dock sizes for a first start (games override)."""

    def _ai_failed(self, detail: str) -> None:
        """The search's own message may quote its view (its hidden cards): it goes to the log, the
        player gets plain words."""
        logging.getLogger(__name__).error("the computer could not move: %s", detail)
        self.show_error("The computer could not move",
                        "Something went wrong while the computer was thinking, so it has not moved. "
                        "You can undo your last move, or save the game and start a new one.")

    def _show_thinking(self, on: bool) -> None:
        """Plain words and a time bar only: the search's best move would name hidden cards."""
        self.thinking_bar.setVisible(on)
        self.thinking_label.setVisible(on)
        if on:
            text = thinking_text(self.session.asking)
            self.thinking_label.setText(text)
            self.thinking_bar.setToolTip(f"{text} The bar fills as its thinking time runs out.")
        self.update_actions()

    # -- the flow ------------------------------------------------------------------------------
    def after_turn(self) -> None:
        """Everything that follows a move: redraw, guard the screen, autosave, then the end of the
        game or the computer's turn."""
        s = self.session
        self.refresh()
        self._guard_device()
        self._autosave()
        if s.result is not None:
            self.show_game_over()
        elif s.ai_to_move():
            QTimer.singleShot(0, s.start_ai)

    def _guard_device(self) -> None:
        """A game with secrets covers the screen here in hot-seat (its curtain)."""

    def names(self) -> dict[str, str]:
        """The players' names as every widget shows them (shell.names)."""
        return display_names(self.session.players)

    def _ask_resign(self, question: str) -> None:
        """Resign only after Yes; No is the default, so a stray Enter never gives the game away."""
        box = QMessageBox(QMessageBox.Question, "Resign", question, QMessageBox.Yes | QMessageBox.No, self)
        box.setDefaultButton(QMessageBox.No)
        box.finished.connect(lambda code: self.play("resign") if code == QMessageBox.Yes else None)
        self.message_box = box
        box.open()

    def _open_game_over(self, dialog: QDialog) -> None:
        """Show the end-of-game dialog; its New game button opens the options once it has closed."""
        dialog.finished.connect(lambda _=0: self._game_over_closed(dialog))
        self.over_box = dialog
        dialog.open()

    def _game_over_closed(self, dialog: QDialog) -> None:
        self.over_box = None
        if getattr(dialog, "wants_new_game", False):
            QTimer.singleShot(0, self.new_game_dialog)

    # -- new game -----------------------------------------------------------------------------
    def new_game_dialog(self) -> None:
        """Game → New game: choose the game, then its options; another game swaps the window."""
        if not self.may_abandon():
            return
        chooser = GameChooser(self, self.settings.last_game(KEYS) if self.GAME == "?" else self.GAME)
        self.message_box = None
        if chooser.exec() != GameChooser.Accepted:
            return
        kind = game_kind(chooser.choice())
        setup = kind.options(self, self.settings)
        if setup is None:
            return
        self.settings.set_last_game(kind.key)
        target = self if kind.key == self.GAME else self.switch_to(kind.key)
        target.start_options(setup)

    def may_abandon(self) -> bool:
        """A game under way is only left after the player says so (No is the default)."""
        s = self.session
        if not s.position or s.result is not None or not s.log:
            return True
        box = QMessageBox(QMessageBox.Question, "New game", "Abandon the game under way and start a new one?",
                          QMessageBox.Yes | QMessageBox.No, self)
        box.setDefaultButton(QMessageBox.No)
        self.message_box = box
        return box.exec() == QMessageBox.Yes

    def switch_to(self, key: str) -> GameFrame:
        """Replace this window by `key`'s game window in the same place; this one closes (and
        autosaves nothing: the new game's first turn writes the autosave)."""
        window = game_kind(key).window(self.settings, self.autosave)
        window.setGeometry(self.geometry())
        if self.isVisible():
            window.show()
        self.successor = window
        self.autosave = False
        self.close()
        return window

    # -- files --------------------------------------------------------------------------------
    def forget_file(self) -> None:
        """A new game belongs to no file yet: its first Save asks where, never over the last game's file."""
        self.save_path = None

    def save(self) -> None:
        path = self.save_path
        if path is None:
            self.save_as()
        else:
            self.save_to(path)

    def save_as(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save game", str(Path.home() / "game.towers.json"), FILTER)
        if path:
            self.save_to(path)

    def save_to(self, path: str | Path) -> bool:
        try:
            self.session.save(path)
        except OSError as exc:
            self.show_error("Could not save the game", f"{path}: {exc.strerror or exc}")
            return False
        self.save_path = Path(path)
        self.statusBar().showMessage(f"Saved to {path}", 5000)
        return True

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open game", str(Path.home()), FILTER)
        if path:
            self.open_path(path)

    def open_path(self, path: str | Path) -> bool:
        """Load a saved game of any game; a bad file shows an error and leaves the current game
        untouched. The window that now shows the game keeps the path."""
        try:
            window = self._load(path)
        except SaveError as exc:
            self.show_error("Could not open the game", str(exc))
            return False
        window.save_path = Path(path)
        return True

    def _load(self, path: str | Path) -> GameFrame:
        """Check the whole file with its game's checks first, then take it over (in that game's
        window); SaveError with the game in progress untouched otherwise."""
        data = read_json(path)
        key = game_of(data)
        try:
            kind = game_kind(key)
        except KeyError:
            raise SaveError(f"{Path(path).name} is damaged: game must be {named()}.") from None
        state = kind.check_state(data)
        target = self if key == self.GAME else self.switch_to(key)
        target.take_over(state, Path(path).name)
        return target

    def take_over(self, state: dict, name: str) -> None:
        """Show a checked save state; should that still fail (a bug), the game in progress comes
        back, the bug is logged and SaveError tells the player."""
        old = self.session.state()
        try:
            self.session.restore(state)
            self._show_new_game()
        except Exception as exc:  # a bug, not the player's: logged, and nothing is lost
            logging.getLogger(__name__).exception("a checked save could not be shown")
            self.session.restore(old)
            self._show_new_game()
            raise SaveError(f"{name} is damaged: it could not be shown ({type(exc).__name__}).") from exc

    def _autosave(self) -> None:
        if not self.autosave or not self.session.position:
            return
        path = autosave_path()
        try:
            if self.session.result is None:
                self.session.save(path)
            else:
                path.unlink(missing_ok=True)
        except OSError as exc:
            self.statusBar().showMessage(f"Autosave failed: {exc}", 8000)

    def resume_autosave(self) -> bool:
        """Resume the unfinished game of the last run (of whichever game), if there is one. A
        damaged autosave is kept aside (never silently lost), the player is told once, and the
        caller starts afresh. `current()` is the window showing it."""
        path = autosave_path()
        if not path.is_file():
            return False
        try:
            self._load(path)
        except SaveError as exc:
            self._set_aside(path, exc)
            return False
        return True

    def current(self) -> GameFrame:
        """This window, or the window that took its place after a game switch."""
        return self.successor.current() if self.successor is not None else self

    def _set_aside(self, path: Path, problem: SaveError) -> None:
        """Move a damaged autosave to autosave.damaged-<time>.json beside it and say so."""
        aside = damaged_path(path)
        try:
            os.replace(path, aside)
            kept = f"The file was kept as\n{aside.name}\nin {aside.parent}."
        except OSError as exc:
            kept = f"It could not be moved aside ({exc.strerror or exc}); the next autosave replaces it."
        self.show_notice("Your last game could not be resumed",
                         "The game saved when Towers last closed is damaged, so a new game starts.",
                         f"{short(str(problem))}\n\n{kept}")

    # -- messages, help -----------------------------------------------------------------------
    def show_error(self, title: str, text: str) -> None:
        box = message_box(QMessageBox.Warning, title, short(text), parent=self)
        self.message_box = box
        box.open()

    def show_notice(self, title: str, text: str, details: str = "") -> None:
        """A message that does not block the window (the game goes on underneath)."""
        box = message_box(QMessageBox.Information, title, text, details, self)
        box.setWindowModality(Qt.NonModal)
        box.setAttribute(Qt.WA_DeleteOnClose)
        self.message_box = box
        box.show()

    def show_about(self) -> None:
        AboutDialog(self).open()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.settings.set_window_geometry(self.saveGeometry())
        self.settings.set_dock_state(self.saveState(), game_kind(self.GAME))
        self.settings.sync()
        self._autosave()
        self.session.shutdown()
        super().closeEvent(event)


def damaged_path(path: Path) -> Path:
    """A free name beside `path` for a damaged copy: autosave.damaged-20261130-215501.json."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.stem}.damaged-{stamp}.json")
    n = 2
    while aside.exists():
        aside = path.with_name(f"{path.stem}.damaged-{stamp}-{n}.json")
        n += 1
    return aside


def message_box(icon: QMessageBox.Icon, title: str, text: str, details: str = "",
                parent: QWidget | None = None) -> QMessageBox:
    """A message box whose text column is wide enough for a file name on one line."""
    box = QMessageBox(icon, title, text, QMessageBox.Ok, parent)
    box.setInformativeText(details)
    box.setStyleSheet("QLabel#qt_msgbox_label, QLabel#qt_msgbox_informativelabel { min-width: 420px; }")
    return box


def short(text: str, limit: int = 400) -> str:
    """A message cut to a length a dialog shows whole on a 1280x720 screen."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def autosave_path() -> Path:
    """Where the unfinished game (of whichever game) is kept between runs."""
    base = QStandardPaths.writableLocation(QStandardPaths.AppDataLocation) or str(Path.home() / ".towers")
    return Path(base) / "autosave.json"


def autosaved_game() -> str | None:
    """Which game the autosave holds (only a peek: resuming checks it whole), None without one."""
    try:
        return game_of(read_json(autosave_path()))
    except SaveError:
        return None


def thinking_text(asking: str | None) -> str:
    """The status line while the computer thinks, in plain words (no search figures)."""
    if asking == "hint":
        return "The computer is looking for a hint…"
    return "The computer is thinking…"
