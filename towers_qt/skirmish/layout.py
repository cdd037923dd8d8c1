"""The board first: dock sizes that leave the battlefield the room, at 1024×700 as on 1920×1080.

Docks have small minimum widths (their contents wrap and scroll) and start at a share of the
window, so the board keeps a readable size on a small screen and grows on a large one; the barrack's
cards follow the size of the board's cards.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QObject, Qt, QTimer

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget

    from towers_qt.skirmish.board.view import BoardView
    from towers_qt.skirmish.docks.barrack import BarrackWidget
    from towers_qt.skirmish.docks.dominance import DominanceWidget


class BoardAndDocks(Protocol):
    """What the layout reads of Skirmish's QMainWindow (skirmish.window.MainWindow), named here so
    the window can import the layout and not the other way round."""
    view: BoardView
    barrack: BarrackWidget
    dominance: DominanceWidget
    barrack_dock: QDockWidget
    dominance_dock: QDockWidget
    log_dock: QDockWidget
    dock_balancer: DockBalancer

    def docks(self) -> list[QDockWidget]: ...

    def width(self) -> int: ...

    def height(self) -> int: ...

    def resizeDocks(self, docks: list[QDockWidget], sizes: list[int], orientation: Qt.Orientation) -> None: ...

    def installEventFilter(self, watcher: QObject) -> None: ...

DOCK_MIN = {"BarrackDock": 150, "DominanceDock": 220, "LogDock": 220}
SIDE_SHARE = {"BarrackDock": 0.16, "DominanceDock": 0.2, "LogDock": 0.2}
DOCK_MAX_START = 340


def fit_docks(window: BoardAndDocks) -> None:
    """Small minimum widths for the docks; the barrack's tiles follow the board's cards."""
    for dock in window.docks():
        dock.setMinimumWidth(DOCK_MIN.get(dock.objectName(), 160))
    window.view.scaled.connect(window.barrack.set_board_card_width)
    window.dock_balancer = DockBalancer(window)


def start_widths(window: BoardAndDocks) -> None:
    """First-run dock widths as a share of the window (a saved layout overrides them)."""
    width = window.width()
    docks = [window.barrack_dock, window.dominance_dock]
    sizes = [max(DOCK_MIN[d.objectName()], min(DOCK_MAX_START, int(width * SIDE_SHARE[d.objectName()])))
             for d in docks]
    window.resizeDocks(docks, sizes, Qt.Horizontal)
    height = window.dominance.sizeHint().height() + 8
    window.resizeDocks([window.dominance_dock, window.log_dock], [height, max(200, window.height() - height)],
                       Qt.Vertical)


class DockBalancer(QObject):
    """After the window is resized, gives the board the room it can use and the docks the rest:
    a height-limited board leaves spare width to the docks, a width-limited one takes it back."""

    SLACK = 24
    DOCK_MAX = 480

    def __init__(self, window: BoardAndDocks) -> None:
        super().__init__(window)
        self.window = window
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Resize:
            QTimer.singleShot(0, self.balance)
        return False

    def balance(self) -> None:
        view, docks = self.window.view, [self.window.barrack_dock, self.window.dominance_dock]
        spare = view.width() - view.height()
        if abs(spare) <= self.SLACK or any(d.isFloating() or not d.isVisible() for d in docks):
            return
        step = (spare - self.SLACK if spare > 0 else spare + self.SLACK) // len(docks)
        sizes = [max(DOCK_MIN[d.objectName()], min(self.DOCK_MAX, d.width() + step)) for d in docks]
        if sizes != [d.width() for d in docks]:
            self.window.resizeDocks(docks, sizes, Qt.Horizontal)
