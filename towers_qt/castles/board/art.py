"""Painting one piece, a stack and its shadow, in 3D (lit isometric discs) or 2D (coloured bands).

Shared by the towers on the board, the ghost pieces of a preview and the stack that slides during a
push, so all three look alike.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
)

from towers_qt.castles.board.style import (
    CASTLE,
    GOLD,
    GOLD_LIGHT,
    HALF_H,
    HALF_W,
    PIECE,
    UNIT,
    piece_colour,
    piece_light,
)

RX, RY = HALF_W * 0.66, HALF_H * 0.66  # a disc's radii on screen (a circle seen isometrically)
BODY = PIECE  # the side of one disc; discs sit flush, their outlines are the seams


def _alpha(colour: QColor, alpha: int) -> QColor:
    c = QColor(colour)
    c.setAlpha(alpha)
    return c


def disc_rect(level: float) -> QRectF:
    """The top ellipse of a disc whose bottom sits `level` pieces up (item-local coordinates)."""
    y = -level * PIECE - BODY
    return QRectF(-RX, y - RY, 2 * RX, 2 * RY)


def paint_shadow(p: QPainter, height: int) -> None:
    """A soft shadow on the floor, longer for taller towers (light from the upper left)."""
    if height <= 0:
        return
    grow = 1.0 + 0.08 * height
    centre = QPointF(8 + 2.5 * height, 5 + height)
    g = QRadialGradient(centre, RX * 1.25 * grow)
    g.setColorAt(0.0, QColor(0, 0, 0, 110))
    g.setColorAt(0.7, QColor(0, 0, 0, 50))
    g.setColorAt(1.0, QColor(0, 0, 0, 0))
    p.setPen(Qt.NoPen)
    p.setBrush(g)
    p.drawEllipse(centre, RX * 1.3 * grow, RY * 1.3 * grow)


def paint_disc(p: QPainter, level: int, piece: str, alpha: int = 255, top: bool = True,
               dashed: bool = False) -> None:
    """One disc: a shaded side band (lit from the left) and, when on top, its lit face."""
    base, light = piece_colour(piece), piece_light(piece)
    y0 = -level * PIECE  # the disc's bottom centre
    body = QPainterPath()
    body.moveTo(-RX, y0 - BODY)
    body.lineTo(-RX, y0)
    body.arcTo(QRectF(-RX, y0 - RY, 2 * RX, 2 * RY), 180, 180)
    body.lineTo(RX, y0 - BODY)
    body.arcTo(QRectF(-RX, y0 - BODY - RY, 2 * RX, 2 * RY), 0, -180)
    side = QLinearGradient(-RX, 0, RX, 0)
    side.setColorAt(0.0, _alpha(base.darker(125), alpha))
    side.setColorAt(0.3, _alpha(light, alpha))
    side.setColorAt(0.65, _alpha(base, alpha))
    side.setColorAt(1.0, _alpha(base.darker(190), alpha))
    outline = QPen(_alpha(base.darker(260), alpha), 1.1)
    if dashed:
        outline = QPen(_alpha(QColor("#fff8e0"), 230), 1.6, Qt.DashLine)
    p.setPen(outline)
    p.setBrush(side)
    p.drawPath(body)
    if not dashed:  # a thin bevel highlight just above the disc's lower edge
        p.setPen(QPen(_alpha(light.lighter(120), int(alpha * 0.45)), 1.0))
        p.setBrush(Qt.NoBrush)
        p.drawArc(QRectF(-RX + 2, y0 - 2.5 - RY, 2 * RX - 4, 2 * RY), 200 * 16, 140 * 16)
    if top:
        face = QRadialGradient(QPointF(-RX * 0.35, y0 - BODY - RY * 0.45), RX * 1.3)
        face.setColorAt(0.0, _alpha(light.lighter(115), alpha))
        face.setColorAt(0.6, _alpha(light, alpha))
        face.setColorAt(1.0, _alpha(base, alpha))
        p.setBrush(face)
        p.drawEllipse(disc_rect(level))
        inner = disc_rect(level).adjusted(RX * 0.3, RY * 0.3, -RX * 0.3, -RY * 0.3)
        p.setPen(QPen(_alpha(base.darker(140), int(alpha * 0.55)), 1.0))
        p.setBrush(Qt.NoBrush)
        p.drawEllipse(inner)
    if piece == "X":  # the castle's neutral base: a stone with a green band and crenellations
        band = QPainterPath()
        band.moveTo(-RX, y0 - BODY * 0.55)
        band.arcTo(QRectF(-RX, y0 - BODY * 0.55 - RY, 2 * RX, 2 * RY), 180, 180)
        band.lineTo(RX, y0 - BODY * 0.2)
        band.arcTo(QRectF(-RX, y0 - BODY * 0.2 - RY, 2 * RX, 2 * RY), 0, -180)
        band.closeSubpath()
        p.setPen(Qt.NoPen)
        p.setBrush(_alpha(CASTLE, int(alpha * 0.9)))
        p.drawPath(band)
        p.setPen(QPen(_alpha(QColor("#8c8272"), alpha), 1.4))
        for x in (-RX * 0.5, 0.0, RX * 0.5):
            p.drawLine(QPointF(x, y0 - BODY * 0.2 + RY * 0.9), QPointF(x, y0 - BODY * 0.75 + RY * 0.9))


def paint_stack(p: QPainter, tower: str, faded_from: int | None = None) -> None:
    """A whole tower bottom to top; pieces from index `faded_from` up are drawn as ghosts (leaving)."""
    for i, piece in enumerate(tower):
        ghost = faded_from is not None and i >= faded_from
        paint_disc(p, i, piece, 90 if ghost else 255, top=i == len(tower) - 1 or (
            faded_from is not None and i == faded_from - 1), dashed=ghost)


def paint_crown_ring(p: QPainter, level: int) -> None:
    """The gold ring of a crowned castle, around its top disc."""
    r = disc_rect(level).adjusted(-7, -4, 7, 4)
    pen = QPen(QBrush(_gold_gradient(r)), 4.5)
    p.setPen(pen)
    p.setBrush(Qt.NoBrush)
    p.drawEllipse(r)
    p.setPen(QPen(QColor(90, 60, 0, 160), 1.0))
    p.drawEllipse(r.adjusted(-2.5, -2.5, 2.5, 2.5))


def _gold_gradient(r: QRectF) -> QLinearGradient:
    g = QLinearGradient(r.topLeft(), r.bottomRight())
    g.setColorAt(0.0, GOLD_LIGHT)
    g.setColorAt(0.5, GOLD)
    g.setColorAt(1.0, GOLD.darker(150))
    return g


# -- 2D --------------------------------------------------------------------------------------

TILE = UNIT * 0.78


def paint_flat(p: QPainter, tower: str, faded_from: int | None = None, crowned: bool = False) -> None:
    """A tower seen from above: a well with one coloured band per piece (bottom first) and its height."""
    rect = QRectF(-TILE / 2, -TILE / 2, TILE, TILE)
    band = TILE / 5
    p.setPen(Qt.NoPen)
    p.setBrush(QColor(255, 246, 225, 95))
    p.drawRoundedRect(rect, 7, 7)
    path = QPainterPath()
    path.addRoundedRect(rect, 7, 7)
    p.save()
    p.setClipPath(path)
    for i, piece in enumerate(tower):
        ghost = faded_from is not None and i >= faded_from
        r = QRectF(rect.left(), rect.bottom() - (i + 1) * band, TILE, band)
        g = QLinearGradient(r.topLeft(), r.bottomLeft())
        alpha = 90 if ghost else 255
        g.setColorAt(0.0, _alpha(piece_light(piece), alpha))
        g.setColorAt(1.0, _alpha(piece_colour(piece).darker(115), alpha))
        p.setBrush(g)
        p.setPen(QPen(_alpha(piece_colour(piece).darker(220), alpha), 1.0))
        p.drawRect(r)
    p.restore()
    top = tower[-1] if tower else "X"
    edge = GOLD if crowned else piece_colour(top).darker(150)
    p.setPen(QPen(edge, 4.0 if crowned else 2.0))
    p.setBrush(Qt.NoBrush)
    p.drawRoundedRect(rect, 7, 7)
    if tower:
        badge = QRectF(rect.right() - 22, rect.top() + 3, 19, 19)
        p.setPen(QPen(QColor("#2b2118"), 1.0))
        p.setBrush(QColor("#f6eedb"))
        p.drawEllipse(badge)
        font = QFont()
        font.setPixelSize(13)
        font.setBold(True)
        p.setFont(font)
        p.setPen(QColor("#2b2118"))
        p.drawText(badge, Qt.AlignCenter, str(len(tower)))


def paint_flat_ghost(p: QPainter, level: int, piece: str) -> None:
    """A preview piece in 2D: a dashed band where it will land on the tower."""
    band = TILE / 5
    r = QRectF(-TILE / 2, TILE / 2 - (level + 1) * band, TILE, band)
    p.setBrush(_alpha(piece_colour(piece), 205))
    p.setPen(QPen(QColor("#fff8e0"), 2.5, Qt.DashLine))
    p.drawRect(r)
