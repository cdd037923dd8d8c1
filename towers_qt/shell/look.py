"""Shared look and plumbing for the dialogs and the curtain: the style sheet's colours, fonts, the
app's icon (the sides' colours are shell.palette's; a game's own pictures are the game's)."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from towers_core.board import SIDE_NAMES
from towers_qt.shell.palette import SIDE_TEXT
from towers_qt.shell.paths import resource

# The palette of resources/style.qss, for the few accents a style sheet cannot express.
GOLD = "#c9a24a"
GOLD_HI = "#e0bf6c"
INK = "#efe6d8"        # parchment-coloured text on the dark background
MUTED = "#b9ab95"
DARK = "#2a2420"
PANEL = "#332b25"
RAISED = "#3d342c"
EDGE = "#51463b"
WARN = "#e07a80"       # over budget, losing odds: South's crimson lightened to read on dark
SERIF = "DejaVu Serif"
LABEL_WIDTH = 96


def icon_pixmap(size: int, ratio: float = 1.0) -> QPixmap:
    """resources/icon/towers.svg rendered crisp at size px (empty if the file is missing)."""
    from PySide6.QtSvg import QSvgRenderer

    pix = QPixmap(int(size * ratio), int(size * ratio))
    pix.setDevicePixelRatio(ratio)
    pix.fill(Qt.GlobalColor.transparent)
    renderer = QSvgRenderer(str(resource("icon/towers.svg")))
    if renderer.isValid():
        painter = QPainter(pix)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.setAspectRatioMode(Qt.AspectRatioMode.KeepAspectRatio)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
    return pix


def heading(text: str, size: int = 20, color: str = GOLD, parent: QWidget | None = None) -> QLabel:
    """A serif title label, the dialogs' common headline style."""
    label = QLabel(text, parent)
    label.setObjectName("dialogHeading")
    # A style sheet, not setFont: an app-wide QSS font rule would override setFont.
    label.setStyleSheet(f"color: {color}; font-family: '{SERIF}'; font-size: {size}pt;"
                        " font-weight: bold; background: transparent;")
    return label


def form_label(text: str, color: str | None = None) -> QLabel:
    """A form row label of fixed width, so stacked forms line up."""
    label = QLabel(text)
    label.setMinimumWidth(LABEL_WIDTH)
    if color:
        label.setStyleSheet(f"color: {color}; font-weight: bold;")
    return label


def muted(text: str, parent: QWidget | None = None) -> QLabel:
    """Secondary explanatory text."""
    label = QLabel(text, parent)
    label.setObjectName("dialogNote")
    label.setProperty("role", "muted")
    label.setWordWrap(True)
    label.setStyleSheet(f"color: {MUTED};")
    return label


def side_chip(side: str, name: str | None = None) -> str:
    """Rich-text span naming a side in its colour (for QLabel rich text)."""
    label = name or SIDE_NAMES.get(side, side)
    return f'<span style="color:{SIDE_TEXT.get(side, GOLD)}; font-weight:bold">{label}</span>'


def app_version() -> str:
    """The project's version (towers_core holds the only copy)."""
    import towers_core

    return towers_core.__version__


def primary(button: QWidget) -> QWidget:
    """Mark the dialog's main action: style.qss paints role="primary" buttons gold."""
    button.setProperty("role", "primary")
    button.setDefault(True)
    return button


def secondary(button: QPushButton) -> QPushButton:
    """A button that must not become the dialog's default (Enter belongs to the main action)."""
    button.setAutoDefault(False)
    button.setDefault(False)
    return button
