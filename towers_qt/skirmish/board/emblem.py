"""A card's emblem on a parchment tile: the small pictures of the dialogs (muster, game over) and of
Skirmish in the game chooser."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap

from towers_qt.shell.look import DARK, GOLD, SERIF
from towers_qt.shell.paths import resource

PARCHMENT = "#e9dcb9"  # the tile under the emblem


@lru_cache(maxsize=256)
def card_pixmap(code: str, size: int, ratio: float = 1.0) -> QPixmap:
    """The card's emblem (resources/cards/<code>.svg) on a parchment tile; letters if missing."""
    pix = QPixmap(int(size * ratio), int(size * ratio))
    pix.setDevicePixelRatio(ratio)
    pix.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pix)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    _paint_tile(painter, size)
    path = resource(f"cards/{code}.svg")
    inset = size * 0.12
    if not (path.is_file() and _paint_svg(painter, path, QRectF(inset, inset, size - 2 * inset,
                                                                  size - 2 * inset))):
        _paint_letters(painter, code, size)
    painter.end()
    return pix


def _paint_tile(painter: QPainter, size: int) -> None:
    """A parchment card face: the emblems are dark ink meant for a light ground."""
    painter.setPen(QPen(QColor(GOLD), 1.5))
    painter.setBrush(QColor(PARCHMENT))
    radius = size * 0.16
    painter.drawRoundedRect(QRectF(1, 1, size - 2, size - 2), radius, radius)


def _paint_svg(painter: QPainter, path: Path, rect: QRectF) -> bool:
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(path))
    if not renderer.isValid():
        return False
    renderer.setAspectRatioMode(Qt.AspectRatioMode.KeepAspectRatio)
    renderer.render(painter, rect)
    return True


def _paint_letters(painter: QPainter, code: str, size: int) -> None:
    painter.setPen(QColor(DARK))
    font = QFont(SERIF)
    font.setPixelSize(max(8, int(size * 0.38)))
    font.setBold(True)
    painter.setFont(font)
    painter.drawText(QRectF(0, 0, size, size), Qt.AlignmentFlag.AlignCenter, code)
