"""Playing from the keyboard: a cursor on the board moved with the arrow keys, Enter to select and
confirm (as a click on the cursor's square), and keys for the whole-turn actions.

Keys (the board has the focus): arrows move the cursor; Enter or Space click its square (Shift+Enter
turns a run of cards); 1–9 pick the n-th card of the barrack to deploy; D defensive, R ready,
T retreat, U stand the King up; P pass; Esc cancels. The attack preview and menus take Enter/arrows.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt

from towers_qt.skirmish.board.geometry import FILES, SIZE

if TYPE_CHECKING:
    from towers_qt.skirmish.board.scene import BoardScene

KIND_KEYS = {Qt.Key_D: ("posture", "d"), Qt.Key_R: ("posture", "r"), Qt.Key_T: ("retreat", None),
             Qt.Key_U: ("standup", None)}
STEPS = {Qt.Key_Left: (-1, 0), Qt.Key_Right: (1, 0), Qt.Key_Up: (0, 1), Qt.Key_Down: (0, -1)}
BOARD_KEYS = (  # the board's own keys (not menu shortcuts), for View ▸ Keyboard controls
    ("Arrows", "Move the cursor on the board"),
    ("Enter, Space", "Select the card under the cursor, or confirm"),
    ("Shift+Enter", "Turn the run of cards to the cursor"),
    ("1–9", "Pick the n-th barrack card to deploy"),
    ("D / R", "Turn the selected card defensive / ready"),
    ("T", "Retreat the selected card"),
    ("U", "Stand the King up"),
    ("P", "Pass"),
)
HELP = "Keyboard: " + " · ".join(f"{key} {what.lower()}" for key, what in BOARD_KEYS)


def step(square: str, dx: int, dy: int, flipped: bool) -> str:
    """The square one step from `square` in a screen direction (the board may be turned)."""
    if flipped:
        dx, dy = -dx, -dy
    f = min(SIZE - 1, max(0, FILES.index(square[0]) + dx))
    r = min(SIZE, max(1, int(square[1:]) + dy))
    return f"{FILES[f]}{r}"


class BoardKeys(QObject):
    """Event filter on the board view that turns keys into the controller's clicks."""

    def __init__(self, view, controller, barrack, passed) -> None:
        super().__init__(view)
        self.view, self.controller, self.barrack, self.passed = view, controller, barrack, passed
        self.cursor: str | None = None
        view.setFocusPolicy(Qt.StrongFocus)
        view.installEventFilter(self)
        view.setAccessibleDescription(HELP)

    @property
    def scene(self) -> BoardScene:
        """The view's board scene, where the cursor is drawn."""
        return self.view.board

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.FocusIn:
            self.move_to(self.cursor or self._start())
        elif event.type() == QEvent.FocusOut:
            self.scene.marks.set_cursor(None)
        elif event.type() == QEvent.KeyPress:
            return self.key(event.key(), bool(event.modifiers() & Qt.ShiftModifier))
        return False

    def key(self, key: int, shift: bool = False) -> bool:
        """Handle one key; True when it was the board's."""
        if key in STEPS:
            self.move_to(step(self.cursor or self._start(), *STEPS[key], self.scene.flipped))
        elif key in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Space):
            self.move_to(self.cursor or self._start())
            self.controller.square_clicked(self.cursor, shift)
        elif Qt.Key_1 <= key <= Qt.Key_9:
            self._barrack_card(key - Qt.Key_1)
        elif key in KIND_KEYS:
            self._whole_turn(*KIND_KEYS[key])
        elif key == Qt.Key_P:
            if self.controller.chooser.has("pass"):
                self.passed()
        else:
            return False
        return True

    def _start(self) -> str:
        """Where the cursor first appears: the selection, else a card that can act, else the centre."""
        c = self.controller.chooser
        sources = sorted(c.sources())
        return c.selected or (sources[0] if sources else "d4")

    def move_to(self, square: str) -> None:
        """Put the cursor on `square` (shown while the board has the focus)."""
        self.cursor = square
        self.scene.marks.set_cursor(square)
        self.view.ensureVisible(self.scene.marks.boundingRect(), 0, 0)

    def _barrack_card(self, index: int) -> None:
        tiles = self.barrack.tiles
        if index < len(tiles) and tiles[index].face.deployable:
            self.controller.card_clicked(tiles[index].face.code)

    def _whole_turn(self, kind: str, posture: str | None) -> None:
        """D/R/T/U: the selected card's (or the cursor's) single-card action of that kind."""
        c = self.controller.chooser
        if not c.selected and self.cursor:
            c.select_square(self.cursor)
        for action in c.bar_actions():
            parsed = c.parsed[action]
            if parsed["kind"] == kind and (posture is None or parsed["posture"] == posture):
                self.controller.choose(action)
                return
        self.controller.refresh()
