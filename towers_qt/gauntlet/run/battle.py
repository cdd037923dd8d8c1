"""A run's Battle in the drafted Battle's window: the foe as Crimson, you as Gold with your banner.

The window is the app's battle window over a RunSession; it saves no Battle file (the run store
keeps the run after every action) and, at the end, hands back to the run instead of the usual
game-over box. The §14 testing tools sit in their own menu, marked as such; using one marks the run
tested for good."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QMenu

from towers_core.errors import TowersError
from towers_qt.gauntlet.run.session import RunSession
from towers_qt.gauntlet.window import GauntletWindow
from towers_qt.shell.settings import Settings

TOOLS = (("Heal your King to full", "tool:heal"), ("Your King takes no harm (toggle)", "tool:god"),
         ("Ready your King again", "tool:ready"))
TESTED = "tested"


class RunBattleWindow(GauntletWindow):
    """The Battle of a run; `battleOver` when it ends, `left` when closed before its end."""

    battleOver = Signal()
    left = Signal()

    def __init__(self, settings: Settings | None = None, time_ms: int | None = None) -> None:
        super().__init__(settings, RunSession(None, time_ms), autosave=False)
        self.handed_back = False
        self.session.setParent(self)

    def _file_actions(self, game: QMenu) -> None:
        """No Battle files: the run is saved after every action."""

    def _build_menus(self) -> None:
        super()._build_menus()
        tools = self.menuBar().addMenu("&Testing tools")
        tools.setToolTip("Testing only: every tool marks this run as tested")
        note = tools.addAction("Testing only — a tool marks the run tested")
        note.setEnabled(False)
        for text, action in TOOLS:
            tools.addAction(text).triggered.connect(lambda _=False, a=action: self.use_tool(a))
        self.tools_menu = tools

    def begin(self, run: dict) -> None:
        """Show the run's Battle (new or resumed) and carry on from its present turn."""
        self.handed_back = False
        self.session.begin(run, self.settings.human_name() or "You")
        self._show_title()
        self._show_new_game()

    def _show_title(self) -> None:
        run = self.session.run
        mark = " · tested" if run["tested"] else ""
        self.setWindowTitle(f"Towers — Gauntlet run · Battle {run['battle']} · Pawnborn {run['pawnborn']}{mark}")

    def names(self) -> dict[str, str]:
        players = self.session.players
        return {"C": f"{players['C'].name} · {players['C'].level}", "G": players["G"].name}

    def use_tool(self, action: str) -> None:
        """A §14 tool on your turn (the core refuses it at any other time, with its reason)."""
        s = self.session
        if s.result is not None or s.to_move != "G" or self.animating:
            return
        try:
            s.play(action)
        except TowersError as exc:
            self.show_error("That tool cannot be used now", str(exc))
        self._show_title()

    def show_game_over(self) -> None:
        """The end goes back to the run: spoils, the whisper, the map."""
        if not self.handed_back:
            self.handed_back = True
            self.battleOver.emit()

    def closeEvent(self, event) -> None:
        super().closeEvent(event)
        if not self.handed_back:
            self.left.emit()
