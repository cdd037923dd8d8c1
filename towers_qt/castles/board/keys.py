"""The Castles board's keys: [ ] and Ctrl+←/→ turn it, arrows move a cursor that follows the turned
board, Enter selects; with a tower selected B / N E S W (or the arrows) preview a move and the same
key again, or Enter, plays it."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent

from towers_core.board import step

DIRECTION_KEYS = {Qt.Key_Up: "n", Qt.Key_Right: "e", Qt.Key_Down: "s", Qt.Key_Left: "w"}
LETTER_KINDS = {Qt.Key_B: "+", Qt.Key_N: "n", Qt.Key_E: "e", Qt.Key_S: "s", Qt.Key_W: "w"}
BOARD_KEYS = (  # the board's own keys (not menu shortcuts), for View ▸ Keyboard controls
    ("Arrows", "Move the cursor on the board"),
    ("Enter", "Select the tower under the cursor; with a move previewed, play it"),
    ("B", "Preview a build on the selected tower (again: play it)"),
    ("N / E / S / W, arrows", "Preview a push of the selected tower (again: play it)"),
    ("[ / ], Ctrl+← / Ctrl+→", "Turn the board a quarter turn"),
)


class BoardKeys:
    """Keyboard handling mixed into CastlesBoard (uses its proj, selected, cursor and bar)."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self._handle_key(event):
            if not self.keyboard_used:
                self.keyboard_used = True
                self._refresh()
        else:
            super().keyPressEvent(event)

    def _handle_key(self, event: QKeyEvent) -> bool:
        """Rotate ([ ] Ctrl+←/→), move the cursor (arrows), select (Enter), choose (B N E S W / arrows)."""
        key, ctrl = event.key(), bool(event.modifiers() & Qt.ControlModifier)
        if key == Qt.Key_BracketLeft or (ctrl and key == Qt.Key_Left):
            self.set_rotation(self.proj.rotation + 1)
        elif key == Qt.Key_BracketRight or (ctrl and key == Qt.Key_Right):
            self.set_rotation(self.proj.rotation - 1)
        elif key == Qt.Key_Escape and self.selected is not None:
            self.cancel_selection()
        elif self.selected is not None:
            return self._choose_key(key)
        elif key in DIRECTION_KEYS:
            self._move_cursor(self.proj.screen_direction(DIRECTION_KEYS[key]))
        elif key in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Space):
            self.select_square(self.cursor)
        else:
            return False
        return True

    def _choose_key(self, key: int) -> bool:
        """With the bar open: a move's key previews it; the same key again, or Enter, plays it."""
        if key in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Space):
            armed = self.bar.armed()
            if armed:
                self._commit(armed)
            return True
        kind = LETTER_KINDS.get(key)
        if kind is None and key in DIRECTION_KEYS:  # arrows push the way they point on screen
            kind = self.proj.screen_direction(DIRECTION_KEYS[key])
        if kind is None:
            return False
        action = self.selected + kind
        if action in self.bar.buttons:
            if self.bar.armed() == action:
                self._commit(action)
            else:
                self.bar.arm(action)
        return True

    def _move_cursor(self, direction: str) -> None:
        nxt = step(self.cursor, direction)
        if nxt is not None:
            self.cursor = nxt
            self._refresh()
