"""How one card looks: the data (CardFace) and the painter shared by board and barrack."""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
)

from towers_qt.shell.palette import SIDE, scheme_name
from towers_qt.skirmish.board import palette
from towers_qt.skirmish.board.art import svg

CARD_W = 74.0
CARD_H = 92.0


@dataclass(frozen=True)
class CardFace:
    """What the viewer may see of a card. `code` is "?" when the viewer cannot know it."""

    code: str
    owner: str
    up: bool = False
    hidden_own: bool = False  # the viewer's own face-down card: shown, marked "hidden"
    known: bool = False  # an enemy face-down card the viewer has seen before
    resting: bool = False
    spent: bool = False
    defensive: bool = False
    deployable: bool = False


def card_info(code: str) -> dict:
    """Name/rank/troops from the engine's card table (the one source of truth)."""
    from towers_core.skirmish import api

    return api.CARD_INFO.get(code, {"name": code, "rank": 0, "troops": 0})


def font_px(px: float, bold: bool = False, family: str = "Serif") -> QFont:
    """A font sized in pixels, not points, so card text scales with the card and not the screen's DPI."""
    font = QFont(family)
    font.setPixelSize(max(1, int(px)))
    font.setBold(bold)
    return font


def _rounded(rect: QRectF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


def paint_card(painter: QPainter, rect: QRectF, face: CardFace) -> None:
    """Paint `face` into `rect` (any size: everything scales with the rect)."""
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    unit = rect.width() / CARD_W
    shape = _rounded(rect, 7 * unit)
    _shadow(painter, rect, unit)
    if face.code == "?":
        _paint_back(painter, rect, shape, face.owner, unit)
    else:
        _paint_front(painter, rect, shape, face, unit)
    _paint_marks(painter, rect, face, unit)
    painter.restore()


def _shadow(painter: QPainter, rect: QRectF, unit: float) -> None:
    painter.setPen(Qt.NoPen)
    painter.setBrush(QColor(0, 0, 0, 70))
    painter.drawPath(_rounded(rect.translated(2.5 * unit, 3 * unit), 7 * unit))


def _paint_back(painter: QPainter, rect: QRectF, shape: QPainterPath, owner: str, unit: float) -> None:
    # The art's backs are crimson and blue: other schemes paint their own side colours.
    renderer = svg(f"cards/back_{owner}.svg") if scheme_name() == "classic" else None
    painter.setClipPath(shape)
    if renderer is not None:
        renderer.render(painter, rect)
    else:
        _fallback_back(painter, rect, owner, unit)
    painter.setClipping(False)
    painter.setBrush(Qt.NoBrush)
    painter.setPen(QPen(palette.GOLD, 2.2 * unit))
    painter.drawPath(shape)


def _fallback_back(painter: QPainter, rect: QRectF, owner: str, unit: float) -> None:
    grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
    grad.setColorAt(0, SIDE[owner].darker(120))
    grad.setColorAt(1, SIDE[owner].darker(190))
    painter.fillRect(rect, grad)
    painter.setPen(QPen(QColor(255, 230, 170, 90), 1.2 * unit))
    inner = rect.adjusted(7 * unit, 7 * unit, -7 * unit, -7 * unit)
    painter.drawRoundedRect(inner, 4 * unit, 4 * unit)
    c = rect.center()
    d = 14 * unit
    diamond = [QPointF(c.x(), c.y() - d), QPointF(c.x() + d * 0.75, c.y()),
               QPointF(c.x(), c.y() + d), QPointF(c.x() - d * 0.75, c.y())]
    painter.setBrush(QColor(201, 162, 74, 150))
    painter.drawPolygon(diamond)


def _paint_front(painter: QPainter, rect: QRectF, shape: QPainterPath, face: CardFace, unit: float) -> None:
    side = SIDE[face.owner]
    grad = QLinearGradient(rect.topLeft(), rect.bottomLeft())
    grad.setColorAt(0, palette.PARCHMENT)
    grad.setColorAt(1, palette.PARCHMENT_DARK)
    painter.setPen(Qt.NoPen)
    painter.setBrush(grad)
    painter.drawPath(shape)
    painter.setClipPath(shape)
    band = QRectF(rect.left(), rect.top(), rect.width(), 19 * unit)
    painter.fillRect(band, side)
    foot = QRectF(rect.left(), rect.bottom() - 17 * unit, rect.width(), 17 * unit)
    painter.fillRect(foot, side.darker(135))
    painter.setClipping(False)
    info = card_info(face.code)
    _paint_emblem(painter, rect, face.code, side, unit)
    painter.setPen(QColor("#fff6e0"))
    rank = "♔" if face.code == "K" else str(info.get("rank", ""))
    painter.setFont(font_px(14 * unit, True))
    painter.drawText(band.adjusted(6 * unit, 0, 0, 0), Qt.AlignVCenter | Qt.AlignLeft, rank)
    painter.setFont(font_px(9 * unit, True, "Sans"))
    painter.drawText(band.adjusted(0, 0, -6 * unit, 0), Qt.AlignVCenter | Qt.AlignRight, face.code)
    painter.setFont(font_px(_name_px(info["name"]) * unit, True))
    painter.drawText(foot, Qt.AlignCenter, info["name"])
    painter.setBrush(Qt.NoBrush)
    painter.setPen(QPen(palette.GOLD if face.up else side.lighter(130), 2.2 * unit))
    painter.drawPath(shape)


def _name_px(name: str) -> float:
    return 9.5 if len(name) <= 11 else 8.0 if len(name) <= 14 else 7.0


def _paint_emblem(painter: QPainter, rect: QRectF, code: str, side: QColor, unit: float) -> None:
    box = QRectF(rect.left() + 12 * unit, rect.top() + 22 * unit, rect.width() - 24 * unit, 50 * unit)
    renderer = svg(f"cards/{code}.svg")
    if renderer is not None:
        size = renderer.defaultSize()
        scale = min(box.width() / max(1, size.width()), box.height() / max(1, size.height()))
        w, h = size.width() * scale, size.height() * scale
        renderer.render(painter, QRectF(box.center().x() - w / 2, box.center().y() - h / 2, w, h))
        return
    painter.setPen(QPen(side, 1.5 * unit))
    painter.setBrush(QColor(side.red(), side.green(), side.blue(), 40))
    painter.drawEllipse(box.center(), 19 * unit, 19 * unit)
    painter.setFont(font_px(17 * unit, True))
    painter.setPen(side.darker(120))
    painter.drawText(box, Qt.AlignCenter, code)


def _paint_marks(painter: QPainter, rect: QRectF, face: CardFace, unit: float) -> None:
    """Badges: hidden (own face-down), seen (known enemy), resting, spent."""
    if face.hidden_own:
        _veil(painter, rect, unit)
        _badge(painter, rect, "hidden", QColor(30, 24, 18, 220), palette.GOLD_LIGHT, unit)
    elif face.known:
        _badge(painter, rect, "seen", QColor(30, 24, 18, 220), palette.GOLD_LIGHT, unit)
    if face.resting:
        painter.fillRect(rect, QColor(20, 16, 12, 120))
        _badge(painter, rect, "resting", QColor(90, 70, 40, 235), QColor("#fff1cc"), unit, top=True)
    if face.spent:
        _badge(painter, rect, "spent", QColor(90, 30, 30, 235), QColor("#ffe0d0"), unit, top=True)


def _veil(painter: QPainter, rect: QRectF, unit: float) -> None:
    """Diagonal hatching over the viewer's own face-down card."""
    painter.save()
    painter.setClipPath(_rounded(rect, 7 * unit))
    painter.fillRect(rect, QBrush(QColor(40, 30, 20, 60), Qt.BDiagPattern))
    painter.restore()
    painter.setPen(QPen(palette.GOLD_LIGHT, 1.3 * unit, Qt.DashLine))
    painter.setBrush(Qt.NoBrush)
    painter.drawRoundedRect(rect.adjusted(3 * unit, 3 * unit, -3 * unit, -3 * unit), 5 * unit, 5 * unit)


def _badge(painter: QPainter, rect: QRectF, text: str, bg: QColor, fg: QColor, unit: float,
           top: bool = False) -> None:
    font = font_px(8 * unit, True, "Sans")
    painter.setFont(font)
    w = (len(text) * 5.2 + 8) * unit
    h = 12 * unit
    y = rect.top() + 21 * unit if top else rect.bottom() - 31 * unit
    badge = QRectF(rect.center().x() - w / 2, y, w, h)
    painter.setPen(Qt.NoPen)
    painter.setBrush(bg)
    painter.drawRoundedRect(badge, 4 * unit, 4 * unit)
    painter.setPen(fg)
    painter.drawText(badge, Qt.AlignCenter, text)
