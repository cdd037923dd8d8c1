"""What the shell needs from a game (towers_qt/<game>/game.py provides one `GAME` object, listed by
towers_qt/games.py).

The shell never imports a game's widgets: it asks the game for its window (a `GameFrame` that
builds the game's board, docks and menus), its new-game options, the checks of its save files,
and what the command-line checks (`--screenshot`, `--smoke-test`) show. The window is typed by what
the shell calls on it (`GameWindow`), so this contract does not import the frame that uses it.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QApplication, QWidget

if TYPE_CHECKING:
    from towers_qt.shell.settings import Settings


class GameWindow(Protocol):
    """What the shell and the app call on a game's window (shell.frame.GameFrame provides it)."""
    GAME: str
    session: Any

    def show(self) -> None: ...

    def start_options(self, setup: Any) -> None: ...

    def take_over(self, state: dict, name: str) -> None: ...

    def resume_autosave(self) -> bool: ...

    def current(self) -> GameWindow: ...


class GameKind(Protocol):
    """What the shell needs from a game; each game's game.py provides one as `GAME`."""
    key: str     # its package under towers_qt/, its entry in towers_qt/games.py, the "game" key of its saves
    title: str   # shown in the game chooser
    blurb: str   # one line under the title
    about: str   # its line in Help ▸ About
    legacy_keys: Mapping[str, str]  # a setting's name -> the key it kept from before games had their own

    def picture(self, size: int) -> QPixmap:
        """A small picture of the game for the chooser."""

    def options(self, parent: QWidget, settings: Settings) -> Any | None:
        """Ask the game's options (opponent, level, colour, who starts); None if cancelled."""

    def window(self, settings: Settings, autosave: bool) -> GameWindow:
        """A new main window for this game (not shown); `start_options(setup)` starts a game."""

    def check_state(self, data: dict) -> dict:
        """A save's JSON checked all-or-nothing for `session.restore`, or SaveError."""

    def start_default(self, window: GameWindow, seed: int | None) -> None:
        """A first game with the remembered choices, so a first start is playable at once."""

    def screenshot(self, window: GameWindow, path: str, seed: int) -> int:
        """Show a seeded mid-game in the window and save it as a PNG; 0 when saved."""

    def start_demo(self, window: GameWindow, seed: int, time_ms: int) -> None:
        """Computer against computer in the window (the smoke test)."""

    def smoke_problem(self, window: GameWindow, turns: int) -> str | None:
        """What is wrong with the window after a demo, None when board and log agree."""

    def welcome_text(self, side: str, mode: str) -> str:
        """The first start's welcome (rich text) for the player of `side` in `mode` ("computer" or
        "hotseat"): their side, their first move, how to win."""


def save_grab(window: QWidget, path: str) -> int:
    """The window as a PNG once its pending layout and paints have run; 0 when saved."""
    for _ in range(3):
        QApplication.processEvents()
    return 0 if window.grab().save(path) else 1
