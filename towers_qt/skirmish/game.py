"""What the shell needs from Skirmish (shell/game.py): its window, options, save checks, a seeded
mid-game for --screenshot and computer-against-computer play for --smoke-test."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QWidget

from towers_core.board import SIDE_NAMES
from towers_core.skirmish.ai.levels import LEVELS
from towers_qt.skirmish.board.emblem import card_pixmap
from towers_qt.shell.game import save_grab
from towers_qt.shell.palette import colour_word
from towers_qt.shell.players import other
from towers_qt.shell.settings import Key, Settings
from towers_qt.skirmish.save_check import check_state
from towers_qt.skirmish.welcome import welcome_text
from towers_qt.skirmish.window import MainWindow, last_squares

if TYPE_CHECKING:
    from towers_qt.shell.new_game import GameSetup, Sides


def skirmish_sides() -> Sides:
    """The options dialog's words for Skirmish: the default sides, with each level's clock cap."""
    from towers_qt.shell.new_game import Sides, level_caps

    return Sides(game="Skirmish", time_caps=level_caps(LEVELS))


class Skirmish:
    """Skirmish as the shell sees it (shell/game.GameKind)."""
    key = "skirmish"
    title = "Skirmish"
    blurb = "Hidden cards and a King to guard: muster an army, scout, fight for the high ground."
    about = ("armies, high ground and hidden cards; follows the printed Towers v1.3 playtest rules: "
             "core game, one skirmish.")
    legacy_keys = {"dock_state": Key.DOCK_STATE, "welcomed": Key.WELCOMED}  # its keys from before Castles

    def picture(self, size: int) -> QPixmap:
        return card_pixmap("Kn", size)

    def options(self, parent: QWidget, settings: Settings) -> GameSetup | None:
        from towers_qt.shell.new_game import NewGameDialog

        dialog = NewGameDialog(parent, settings, sides=skirmish_sides())
        return dialog.setup() if dialog.exec() == NewGameDialog.Accepted else None

    def window(self, settings: Settings, autosave: bool) -> MainWindow:
        return MainWindow(settings, autosave=autosave)

    def check_state(self, data: dict) -> dict:
        return check_state(data)

    def start_default(self, window: MainWindow, seed: int | None) -> None:
        window.start_game(default_setup(window.settings, seed))

    def screenshot(self, window: MainWindow, path: str, seed: int) -> int:
        return screenshot(window, path, seed)

    def start_demo(self, window: MainWindow, seed: int, time_ms: int) -> None:
        window.session.time_ms = time_ms
        window.start_game(demo_setup(seed), ai_sides={"S", "N"})

    def smoke_problem(self, window: MainWindow, turns: int) -> str | None:
        return smoke_problem(window, turns)

    def welcome_text(self, side: str, mode: str) -> str:
        return welcome_text(side, mode, colour_word(side))


GAME = Skirmish()


def default_setup(settings: Settings, seed: int | None) -> GameSetup:
    """A game with the remembered choices, so the first start is playable at once."""
    from towers_qt.shell.new_game import GameSetup, random_seed

    mode = settings.mode()
    human = settings.human_side()
    names = settings.player_names() if mode == "hotseat" else {
        human: settings.human_name(), other(human): "Computer"}
    return GameSetup(mode=mode, level=settings.level(), human_side=human if mode == "computer" else None,
                     first=None, seed=seed if seed is not None else random_seed(), names=names)


def demo_setup(seed: int) -> GameSetup:
    """Computer against computer (screenshot and smoke test)."""
    from towers_qt.shell.new_game import GameSetup

    return GameSetup(mode="computer", level="easy", human_side=None, first=None, seed=seed,
                     names=dict(SIDE_NAMES))


def midgame(seed: int, plies: int = 36) -> dict:
    """A seeded mid-game with South to move, both sides played by the computer at `normal` (node
    budgets, so the same seed always gives the same position), as a checked save state."""
    from towers_core.skirmish import api
    from towers_qt.skirmish.session import Player, Session, check_state

    scratch = Session(time_ms=0)
    scratch.new_game({p: Player("human", name) for p, name in SIDE_NAMES.items()}, seed)
    while scratch.result is None and (len(scratch.log) < plies or scratch.to_move != "S"):
        side = scratch.to_move
        view = api.view(scratch.position, side)
        scratch.play(api.choose_action(view, scratch.histories[side], "normal", seed + len(scratch.log)))
    scratch.players["N"] = Player("ai", "Computer", "easy")
    scratch.viewer = "S"
    scratch._undo = []  # its undo points include North's moves, now the computer's
    state = check_state(scratch.to_dict())
    scratch.shutdown()
    return state


def screenshot(window: MainWindow, path: str, seed: int) -> int:
    """Show a seeded mid-game in the window and save the window as a PNG."""
    window.animations_enabled = False
    window.session.restore(midgame(seed))
    window.log.reset()
    window.after_turn()
    if window.session.log:
        window.scene.set_last(last_squares(window.session.log[-1]))
    return save_grab(window, path)


def smoke_problem(window: MainWindow, turns: int) -> str | None:
    """The board and the log against the session after a demo."""
    s = window.session
    if len(s.log) < turns and s.result is None:
        return f"only {len(s.log)} of {turns} actions played in time"
    if set(window.scene.cards) != set(s.view()["board"]):
        return "the board shows different squares from the position"
    if window.log.list.count() != len(s.log):
        return f"the log shows {window.log.list.count()} entries for {len(s.log)} actions"
    return None
