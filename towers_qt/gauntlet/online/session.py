"""The online Battle as the screen holds it: only this side's views and Log, as the link reports
them (`OnlineLink.applied`). It never applies an action itself: `play` hands the action to the link,
and the position moves on when the core has applied it and says so."""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from towers_qt.gauntlet.session import SIDES, GauntletSession
from towers_qt.shell.players import Player


class OnlineSession(GauntletSession):
    """`positions` are this side's views (a view of a view is itself, so the window's `view` holds)."""

    wants = Signal(str)   # an action chosen here, for the link

    def __init__(self, side: str, names: dict[str, str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.side = side
        self.players = {s: Player("human" if s == side else "remote", names[s]) for s in SIDES}
        self.paused = False   # the link is down, or we are leaving: nothing may be played

    def humans(self) -> list[str]:
        return [self.side]

    def human_to_move(self) -> bool:
        return bool(self.position) and self.result is None and self.to_move == self.side and not self.paused

    def ai_to_move(self) -> bool:
        return False

    def start_ai(self) -> bool:
        return False

    def begin(self, view: dict) -> None:
        """The Battle's first view (the Draft is done)."""
        if not self.positions:
            self.positions = [view]
            self.positionChanged.emit()

    def add(self, action: str, before: dict, entries: list[dict], after: dict) -> None:
        """An action the core applied (ours or the peer's), as this side sees it."""
        if not self.positions:
            self.positions = [before]
        self.positions.append(after)
        self.actions.append(action)
        self.logs.append({s: entries if s == self.side else [] for s in SIDES})
        self.actionPlayed.emit(action, before)
        self.positionChanged.emit()

    def play(self, action: str) -> dict:
        """Our action goes to the link; the core checks and applies it."""
        self.wants.emit(action)
        return self.position

    def last_refused(self, side: str) -> bool:
        """Known only once the core has tried it: the window hears it from the link's snapshot."""
        return False
