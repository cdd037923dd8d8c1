"""Dialogs that fit small screens: long content scrolls, and a dialog opens no larger than the
screen it is on (a 1280×720 screen, or 1366×768, or a 2× display of either)."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

SMALL_SCREEN = QSize(1280, 720)  # every dialog's minimum size must fit this, title bar and taskbar aside
FRAME_ALLOWANCE = QSize(16, 80)


def scrolling(content: QWidget, min_height: int = 180) -> QScrollArea:
    """`content` in a frameless vertical scroll area that may shrink to `min_height`."""
    area = QScrollArea()
    area.setWidget(content)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
    area.setMinimumHeight(min_height)
    area.setMinimumWidth(content.minimumSizeHint().width() + area.verticalScrollBar().sizeHint().width())
    area.setSizeAdjustPolicy(QScrollArea.AdjustToContents)
    return area


def fit_to_screen(dialog: QWidget) -> None:
    """Shrink `dialog` to the room its screen has (it scrolls instead of running off-screen)."""
    screen = dialog.screen()
    if screen is None:
        return
    room = screen.availableGeometry().size() - FRAME_ALLOWANCE
    size = dialog.size().expandedTo(dialog.sizeHint()).expandedTo(dialog.minimumSize())
    dialog.resize(size.boundedTo(room).expandedTo(dialog.minimumSizeHint().boundedTo(room)))
