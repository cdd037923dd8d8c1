"""One piece on the battle board, drawn from the viewer's view only: a token in its side's colour
with its glyph, HP bar, afflictions with turns left, timed effects, the Royal's crown, the sieged
Rook, a construction site; the viewer's own hidden units ghosted (an enemy hidden unit is not in
the view, so it is never drawn)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from towers_core.gauntlet.units import STRUCTURES
from towers_qt.gauntlet.board.style import BURN, HP_GOOD, HP_LOW, SIDE, SIDE_DARK, SIDE_INK, TILE
from towers_qt.gauntlet.words import AFFLICTION, FX_NAME, FX_WHAT, GLYPH, NAME, SIDE_WORD, SIEGED_GLYPH

FX_MARK = {"fortify": "F", "inspire": "I", "fury": "B", "empower": "E", "hex": "H"}


def affliction_turns(aff: dict) -> list[tuple[str, int]]:
    """(kind, turns left) of each affliction on a unit: Burn/Poison by their ticks left, Shock and
    Freeze one turn (pending or active)."""
    out = []
    for kind in ("shock", "freeze"):
        if aff[kind]:
            out.append((kind, 1))
    for kind in ("burn", "poison"):
        if aff[kind]:
            out.append((kind, len(aff[kind])))
    return out


def describe(tile: str, q: dict, turn: int) -> str:
    """The piece in words (its tooltip and its record for the who-sees-what tests)."""
    head = f"{SIDE_WORD[q['side']]} {NAME[q['type']]} on {tile} · {q['hp']}/{q['max']} HP"
    bits = [head]
    if "aff" not in q:
        if q["site"]:
            bits.append("construction site: completes at 8/8 HP at the start of its owner's next turn")
        return " · ".join(bits + (["acted"] if q["done"] else []))
    if q["royal"]:
        bits.append("Royal")
    if q["hidden"]:
        bits.append("hidden (only you see it)")
    if q["sieged"]:
        bits.append("sieged")
    for kind, left in affliction_turns(q["aff"]):
        bits.append(f"{AFFLICTION[kind][1].split(' —')[0]} ({left} turn{'s' if left > 1 else ''})")
    for fx in q["fx"]:
        what = f" {FX_WHAT[fx['v']]}" if fx["v"] else ""
        bits.append(f"{FX_NAME[fx['k']]}{what} until turn {fx['until']}")
    if q["done"]:
        bits.append("acted this turn")
    return " · ".join(bits)


class PieceItem(QGraphicsItem):
    """A unit or structure token; redrawn whenever the view changes (a new item each time)."""

    def __init__(self, tile: str, q: dict, turn: int) -> None:
        super().__init__()
        self.tile, self.q = tile, q
        self.setData(0, describe(tile, q, turn))
        self.setToolTip(self.data(0))
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setOpacity(0.45 if q.get("hidden") else 1.0)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, TILE, TILE)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        q = self.q
        painter.setRenderHint(QPainter.Antialiasing)
        is_unit = "aff" in q
        side = q["side"]
        body = QRectF(12, 8, TILE - 24, TILE - 26)
        pen = QPen(SIDE_DARK[side], 3, Qt.DashLine if q.get("hidden") or q.get("site") else Qt.SolidLine)
        painter.setPen(pen)
        fill = QColor(SIDE[side])
        if q.get("site"):
            fill.setAlpha(90)
        painter.setBrush(QBrush(fill))
        if is_unit:
            painter.drawEllipse(body)
        else:
            painter.drawRoundedRect(body, 6, 6)
        draw_glyph(painter, body, q["type"], SIDE_INK[side], QFont("DejaVu Sans", 24), bool(q.get("sieged")))
        if is_unit and q["royal"]:
            self._crown(painter)
        if q.get("sieged"):
            painter.setPen(QPen(SIDE_DARK[side], 2))
            painter.setBrush(Qt.NoBrush)
            painter.drawRect(body.adjusted(-4, -2, 4, 2))
        self._hp_bar(painter)
        if is_unit:
            self._marks(painter)
        if q["done"]:
            painter.setPen(QColor("#3a3027"))
            painter.setFont(QFont("DejaVu Sans", 8, QFont.Bold))
            painter.drawText(QRectF(TILE - 22, TILE - 34, 20, 12), Qt.AlignRight, "✓")

    def _crown(self, painter: QPainter) -> None:
        poly = QPolygonF([QPointF(30, 12), QPointF(33, 2), QPointF(38, 8), QPointF(44, 0), QPointF(50, 8),
                          QPointF(55, 2), QPointF(58, 12)])
        painter.setPen(QPen(QColor("#5a4310"), 1.2))
        painter.setBrush(QColor("#f3d36b"))
        painter.drawPolygon(poly)

    def _hp_bar(self, painter: QPainter) -> None:
        q = self.q
        bar = QRectF(10, TILE - 15, TILE - 20, 9)
        painter.setPen(QPen(QColor("#2a2420"), 1))
        painter.setBrush(QColor("#2a2420"))
        painter.drawRect(bar)
        share = q["hp"] / q["max"] if q["max"] else 0
        painter.setBrush(HP_GOOD if share > 0.34 else HP_LOW)
        painter.setPen(Qt.NoPen)
        painter.drawRect(QRectF(bar.left() + 1, bar.top() + 1, (bar.width() - 2) * share, bar.height() - 2))
        painter.setPen(QColor("#ffffff"))
        painter.setFont(QFont("DejaVu Sans", 7, QFont.Bold))
        painter.drawText(bar, Qt.AlignCenter, f"{q['hp']}/{q['max']}")

    def _marks(self, painter: QPainter) -> None:
        """Afflictions down the right edge (glyph and turns left), timed effects down the left."""
        painter.setFont(QFont("DejaVu Sans", 8, QFont.Bold))
        y = 6.0
        for kind, left in affliction_turns(self.q["aff"]):
            box = QRectF(TILE - 24, y, 22, 14)
            painter.setPen(Qt.NoPen)
            painter.setBrush(QColor(20, 16, 12, 200))
            painter.drawRoundedRect(box, 3, 3)
            if kind == "burn":
                _flame(painter, QRectF(box.left() + 1, box.top() + 1, 10, 12))
            else:
                painter.setPen(QColor("#cfe8ff") if kind == "freeze" else QColor("#ffe066") if kind == "shock"
                               else QColor("#b6f08c"))
                painter.drawText(QRectF(box.left(), box.top(), 12, 14), Qt.AlignCenter, AFFLICTION[kind][0])
            painter.setPen(QColor("#ffffff"))
            painter.drawText(QRectF(box.left() + 11, box.top(), 10, 14), Qt.AlignCenter, str(left))
            y += 16
        y = 6.0
        for fx in self.q["fx"]:
            box = QRectF(2, y, 16, 14)
            painter.setPen(Qt.NoPen)
            painter.setBrush(QColor("#c23b3b") if fx["k"] == "hex" else QColor("#2f6db5"))
            painter.drawRoundedRect(box, 3, 3)
            painter.setPen(QColor("#ffffff"))
            painter.drawText(box, Qt.AlignCenter, FX_MARK[fx["k"]])
            y += 16


def draw_glyph(painter: QPainter, box: QRectF, code: str, ink: QColor, font: QFont, sieged: bool = False) -> None:
    """A slot's glyph centred in `box`; the Watchtower's drawn where the font lacks ⛫."""
    glyph = SIEGED_GLYPH if sieged else GLYPH[code]
    painter.setPen(ink)
    painter.setFont(font)
    if code == "Wt" and not QFontMetrics(font).inFontUcs4(ord(glyph)):
        _tower(painter, box, ink)
    else:
        painter.drawText(box, Qt.AlignCenter, glyph)


def slot_icon(code: str, side: str, size: int = 22) -> QIcon:
    """A slot's token as a small icon (the Draft's rows, the roster, the rules): its side's colour
    and its glyph, drawn, so no glyph depends on the font."""
    ratio = 2.0
    pix = QPixmap(int(size * ratio), int(size * ratio))
    pix.setDevicePixelRatio(ratio)
    pix.fill(Qt.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.Antialiasing)
    body = QRectF(1, 1, size - 2, size - 2)
    p.setPen(QPen(SIDE_DARK[side], 1.2))
    p.setBrush(SIDE[side])
    if code in STRUCTURES:
        p.drawRoundedRect(body, 3, 3)
    else:
        p.drawEllipse(body)
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(6, int(size * 0.62)))
    draw_glyph(p, body, code, SIDE_INK[side], font)
    p.end()
    return QIcon(pix)


def flame_icon(size: int = 14) -> QIcon:
    """The Burn mark as an icon (🔥 needs an emoji font)."""
    pix = QPixmap(size * 2, size * 2)
    pix.setDevicePixelRatio(2.0)
    pix.fill(Qt.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.Antialiasing)
    _flame(p, QRectF(size * 0.15, 0.5, size * 0.7, size - 1))
    p.end()
    return QIcon(pix)


def _flame(painter: QPainter, r: QRectF) -> None:
    """The Burn mark, drawn (no emoji font needed)."""
    path = QPainterPath(QPointF(r.center().x(), r.top()))
    path.cubicTo(QPointF(r.right() + 1, r.top() + r.height() * 0.5), QPointF(r.right(), r.bottom()),
                 QPointF(r.center().x(), r.bottom()))
    path.cubicTo(QPointF(r.left(), r.bottom()), QPointF(r.left() - 1, r.top() + r.height() * 0.45),
                 QPointF(r.center().x(), r.top()))
    painter.setPen(Qt.NoPen)
    painter.setBrush(BURN)
    painter.drawPath(path)


def _tower(painter: QPainter, body: QRectF, ink: QColor) -> None:
    """The Watchtower mark: a crenellated tower on a base."""
    c, w = body.center(), body.width()
    left, right, top, bottom = c.x() - w * 0.14, c.x() + w * 0.14, body.top() + body.height() * 0.2, \
        body.bottom() - body.height() * 0.18
    path = QPainterPath()
    path.addRect(QRectF(left, top + 6, right - left, bottom - top - 6))
    step = (right - left + 8) / 5
    for i in range(0, 5, 2):
        path.addRect(QRectF(left - 4 + i * step, top, step, 7))
    path.addRect(QRectF(left - 8, bottom - 4, right - left + 16, 5))
    painter.setPen(Qt.NoPen)
    painter.setBrush(ink)
    painter.drawPath(path.simplified())
