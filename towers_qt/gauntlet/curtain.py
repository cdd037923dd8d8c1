"""The hot-seat curtain of the Gauntlet: the shell's curtain, speaking of Crimson and Gold in their
own colours (the shell's words are South and North)."""
from __future__ import annotations

from PySide6.QtGui import QPaintEvent, QPainter

from towers_qt.gauntlet.board.style import SIDE
from towers_qt.gauntlet.words import SIDE_WORD
from towers_qt.shell.curtain import Curtain
from towers_qt.shell.look import SERIF

LOOK_AWAY = "GOLD — look away from the screen now, and no peeking until the device is passed to you."


class GauntletCurtain(Curtain):
    """Pass the device to Crimson or Gold; between drafts and between turns."""

    def present(self, side: str, name: str | None = None, turn: int | None = None,
                last_action: str | None = None, note: str | None = None) -> None:
        super().present(side, name or SIDE_WORD[side], turn, last_action, note)
        when = f"TURN {turn}" if turn is not None else "HOT-SEAT"
        self.turn_label.setText(f"{when} · {SIDE_WORD[side].upper()}")
        self.who_label.setStyleSheet(f"background: transparent; color: {SIDE[side].lighter(130).name()};"
                                     f" font-family: '{SERIF}'; font-size: 34pt; font-weight: bold;")

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        painter = QPainter(self)
        band = SIDE.get(self.side)
        if band is not None:
            painter.fillRect(0, 0, self.width(), 6, band)
            painter.fillRect(0, self.height() - 6, self.width(), 6, band)
