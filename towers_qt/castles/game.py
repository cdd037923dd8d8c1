"""What the shell needs from Castles (shell/game.py): its window, options, save checks, a seeded
mid-game for --screenshot and computer-against-computer play for --smoke-test."""
from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QWidget

from towers_core.board import SIDE_NAMES
from towers_core.castles import api
from towers_core.castles.ai.levels import LEVELS
from towers_qt.castles.rules_text import welcome_text
from towers_qt.castles.session import check_state
from towers_qt.castles.board.thumbnails import render_board
from towers_qt.castles.window import CastlesWindow, side_names
from towers_qt.shell.game import save_grab
from towers_qt.shell.new_game import GameSetup, NewGameDialog, Sides, level_caps, random_seed
from towers_qt.shell.palette import colour_word
from towers_qt.shell.players import Player, other
from towers_qt.shell.settings import Settings


def castles_sides() -> Sides:
    """The options dialog's words for Castles (the sides named by the palette in use)."""
    names = side_names()
    return Sides(game="Castles", names=(names["S"], names["N"]), seeded=False, first_by_colour=True,
                 time_caps=level_caps(LEVELS))


class Castles:
    """Castles as the shell sees it (shell/game.GameKind)."""
    key = "castles"
    title = "Castles"
    blurb = "Build and push towers of pieces to hold 4 of the 5 castles. Nothing is hidden."
    about = "stacking Towers: build and push towers to hold 4 of the 5 castles or crown 3; no luck."
    legacy_keys: dict[str, str] = {}

    def picture(self, size: int) -> QPixmap:
        start = api.new_position()["board"]
        image = render_board(start, "3d", size * 2)
        return QPixmap.fromImage(image).scaled(size, size, Qt.KeepAspectRatio, Qt.SmoothTransformation)

    def options(self, parent: QWidget, settings: Settings) -> GameSetup | None:
        dialog = NewGameDialog(parent, settings, sides=castles_sides())
        dialog.setWindowTitle("New game of Castles")
        return dialog.setup() if dialog.exec() == NewGameDialog.Accepted else None

    def window(self, settings: Settings, autosave: bool) -> CastlesWindow:
        return CastlesWindow(settings, autosave=autosave)

    def check_state(self, data: dict) -> dict:
        return check_state(data)

    def start_default(self, window: CastlesWindow, seed: int | None) -> None:
        s = window.settings
        human = s.human_side()
        if s.mode() == "hotseat":
            names = {p: n if n not in SIDE_NAMES.values() else side_names()[p] for p, n in s.player_names().items()}
            setup = GameSetup("hotseat", s.level(), None, "S", 0, names)
        else:
            names = {human: s.human_name(), other(human): "Computer"}
            setup = GameSetup("computer", s.level(), human, "S", 0, names)
        setup.seed = seed if seed is not None else random_seed()
        window.start_options(setup)

    def screenshot(self, window: CastlesWindow, path: str, seed: int) -> int:
        window.animations_enabled = False
        window.session.restore(midgame(seed))
        window._show_new_game()
        return save_grab(window, path)

    def start_demo(self, window: CastlesWindow, seed: int, time_ms: int) -> None:
        window.session.time_ms = time_ms
        players = {"S": Player("ai", "Light", "easy"), "N": Player("ai", "Dark", "easy")}
        window.session.new_game(players, seed)
        window._show_new_game()

    def smoke_problem(self, window: CastlesWindow, turns: int) -> str | None:
        s = window.session
        if len(s.actions) < turns and s.result is None:
            return f"only {len(s.actions)} of {turns} moves played in time"
        if window.board.shown_towers() != s.position["board"]:
            return "the board shows different towers from the position"
        if len(window.moves.actions) != len(s.actions):
            return f"the move list shows {len(window.moves.actions)} moves for {len(s.actions)}"
        return None

    def welcome_text(self, side: str, mode: str) -> str:
        return welcome_text(side, mode, colour_word(side))


GAME = Castles()


def midgame(seed: int, plies: int = 24) -> dict:
    """A seeded mid-game, Light (you) to move against the computer, as a checked save state: both
    sides played by the computer at `easy` (node budgets: a seed always gives the same game)."""
    rng = random.Random(seed)
    position, actions = api.new_position(), []
    while position["result"] is None and (len(actions) < plies or position["to_move"] != "S"):
        action = api.choose_action(position, actions, "easy", rng.randrange(1 << 31))
        position = api.apply(position, action)
        actions.append(action)
    players = {"S": {"kind": "human", "name": "You", "level": "normal"},
               "N": {"kind": "ai", "name": "Computer", "level": "normal"}}
    return check_state({"format": "towers-save", "game": "castles", "version": 1, "seed": seed,
                        "players": players, "start": api.new_position(), "actions": actions})
