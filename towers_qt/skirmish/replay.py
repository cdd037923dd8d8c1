"""Looking back during a game: click a Log entry to see the board as it was after it, step with
←/→, and return to the present (Esc, Enter or "Back to the game").

Read-only and from the viewing player's side: each frame is that player's own view after the action
(`session.histories[viewer][i]["view"]`, recorded as the game went) and the entry as they saw it, so
nothing hidden then is revealed now.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QPushButton

from towers_core.skirmish import api
from towers_qt.shell.names import with_names
from towers_qt.skirmish.board.marks import last_action
from towers_qt.skirmish.log_text import show_log

if TYPE_CHECKING:
    from towers_qt.skirmish.session import Session

STEP_KEYS = {Qt.Key_Left: -1, Qt.Key_Right: 1}
LEAVE_KEYS = (Qt.Key_Escape, Qt.Key_Return, Qt.Key_Enter)


def frame(session: Session, viewer: str, index: int) -> tuple[dict, dict]:
    """(the viewer's view after action `index`, that action as the viewer saw it)."""
    return session.histories[viewer][index]["view"], api.entry_view(session.log[index], viewer)


class Replay(QObject):
    """Shows past positions on the window's board; `index` is None in the present."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.index: int | None = None
        self.back = QPushButton("Back to the game")
        self.back.setToolTip("Return to the present (Esc)")
        self.back.clicked.connect(self.leave)
        self.back.hide()
        window.bar.row.insertWidget(0, self.back)
        window.log.list.itemClicked.connect(lambda item: self.show(window.log.list.row(item)))
        window.session.positionChanged.connect(self.leave)  # a new move or an undo ends the look back
        for widget in (window.view, window.log.list):
            widget.installEventFilter(self)

    @property
    def active(self) -> bool:
        return self.index is not None

    def can_look_back(self) -> bool:
        """Only while nothing is moving: no animation, no computer thinking."""
        w = self.window
        return bool(w.session.log) and not w.animating and not w.session.ai.busy and not w.curtain_up()

    def show(self, index: int) -> bool:
        """Show the board after action `index` (0-based); the last one is the present."""
        s = self.window.session
        if not self.can_look_back() or not 0 <= index < len(s.log):
            return False
        if index == len(s.log) - 1:
            self.leave()
            return True
        self.index = index
        self.redraw()
        return True

    def redraw(self) -> None:
        """Draw the frame looked back at (again, e.g. in new colours) and hold the game's actions."""
        s, w, index = self.window.session, self.window, self.index
        viewer = s.viewer
        view, entry = frame(s, viewer, index)
        names = w.names()
        w.scene.show_view(view, viewer, {})
        w.scene.set_last(last_action(entry))
        w.controller.set_actions([], f"Looking back: after action {index + 1} of {len(s.log)} — "
                                     "←/→ to step, Esc to return to the game.")
        w.barrack.show_barrack(view, viewer, set(), names)
        w.dominance.show_view(view, names)
        w.show_past(f"After action {index + 1}: {with_names(api.describe(entry), names)}")
        show_log(w.log, s.log, viewer, names)  # the whole game stays listed (after new colours, afresh)
        w.log.highlight(index)
        self.back.show()
        w.update_actions()  # Pass, Hint, Undo and Resign: nothing is played from the past

    def step(self, delta: int) -> None:
        if self.index is not None:
            self.show(self.index + delta)
        elif delta < 0:
            self.show(len(self.window.session.log) - 2)

    def leave(self) -> None:
        """Back to the present position and the player's turn; the Log highlights no line there."""
        self.window.log.highlight(None)  # also after a click on the latest line, the present's
        if self.index is None:
            return
        self.index = None
        self.back.hide()
        w = self.window
        log = w.session.log
        w.scene.set_last(last_action(log[-1]) if log else None)
        w.refresh()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.ShortcutOverride and self.active and event.key() in LEAVE_KEYS:
            event.accept()  # Esc returns to the game here, before the window's Cancel shortcut
            return True
        if event.type() != QEvent.KeyPress:
            return False
        key = event.key()
        if key in STEP_KEYS and (self.active or watched is self.window.log.list):
            self.step(STEP_KEYS[key])
            return True
        if key in LEAVE_KEYS and self.active:
            self.leave()
            return True
        return False
