"""The board's QGraphicsItems: the wooden board, towers, ghost pieces, square marks and arrows.

Each item is placed by a Projection and given a z-value from its square's depth, so drawing order
is right from every side; re-projecting (rotation, 2D/3D) just moves and re-sorts them.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from towers_core.board import FILES, SQUARES
from towers_core.castles.notation import CASTLES

from towers_qt.castles.board import art
from towers_qt.castles.board.projection import Projection, board_xy
from towers_qt.castles.board.style import (
    CASTLE,
    CASTLE_LIGHT,
    HALF_H,
    HALF_W,
    PIECE,
    UNIT,
    WOOD_DARK,
    WOOD_EDGE,
    WOOD_EDGE_DARK,
    WOOD_LIGHT,
)

Z_BOARD, Z_MARK, Z_TOWERS, Z_TOP = -100.0, -50.0, 0.0, 1000.0


def tower_z(proj: Projection, square: str, extra: float = 0.0) -> float:
    """The z-value of anything standing on `square` (nearer squares on top)."""
    return Z_TOWERS + proj.depth(square) * 10 + extra


def _rgba(colour: QColor | None) -> int | None:
    return None if colour is None else colour.rgba()


class BoardItem(QGraphicsItem):
    """The wooden board with its rim, squares and green castles (the coordinates are CoordinatesItem,
    drawn above the towers' shadows)."""

    def __init__(self, proj: Projection) -> None:
        super().__init__()
        self.proj = proj
        self.setZValue(Z_BOARD)
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)  # ~500 paths: paint once per view change
        # (a view sizes Qt's pixmap cache for these pictures: BoardView.fit_item_caches)

    def set_projection(self, proj: Projection) -> None:
        self.prepareGeometryChange()
        self.proj = proj
        self.update()  # drops the cached rendering

    def boundingRect(self) -> QRectF:
        return self.proj.bounds()

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.Antialiasing)
        self._paint_rim(p)
        for sq in SQUARES:
            self._paint_square(p, sq)

    def _paint_rim(self, p: QPainter) -> None:
        """The board's frame; in 3D with its two near sides as lit wooden faces."""
        e = 4.12 if self.proj.mode == "3d" else 3.98
        corners = [self.proj.point(*c) for c in ((-e, -e), (e, -e), (e, e), (-e, e))]
        if self.proj.mode == "3d":
            drop = PIECE * 1.6
            bottom = max(range(4), key=lambda i: corners[i].y())
            left, right = corners[(bottom - 1) % 4], corners[(bottom + 1) % 4]
            if left.x() > right.x():
                left, right = right, left
            b = corners[bottom]
            down = QPointF(0, drop)
            for a, c, shade in ((left, b, 0), (b, right, 1)):
                face = QPolygonF([a, c, c + down, a + down])
                g = QLinearGradient(a, a + down)
                base = WOOD_EDGE if shade == 0 else WOOD_EDGE_DARK
                g.setColorAt(0, base.lighter(120))
                g.setColorAt(1, base.darker(130))
                p.setPen(QPen(WOOD_EDGE_DARK.darker(150), 1))
                p.setBrush(g)
                p.drawPolygon(face)
        g = QLinearGradient(corners[0], corners[2])
        g.setColorAt(0, WOOD_EDGE.lighter(135))
        g.setColorAt(1, WOOD_EDGE)
        p.setPen(QPen(WOOD_EDGE_DARK, 2))
        p.setBrush(g)
        p.drawPolygon(QPolygonF(corners))

    def _paint_square(self, p: QPainter, sq: str) -> None:
        f, r = board_xy(sq)
        poly = self.proj.outline(sq)
        castle = sq in CASTLES
        light = (f + r) % 2 == 1
        top = CASTLE_LIGHT if castle else (WOOD_LIGHT if light else WOOD_DARK)
        g = QLinearGradient(poly.boundingRect().topLeft(), poly.boundingRect().bottomRight())
        g.setColorAt(0, top.lighter(108))
        g.setColorAt(1, top.darker(106))
        p.setPen(QPen(QColor(70, 45, 20, 120), 1))
        p.setBrush(g)
        p.drawPolygon(poly)
        if castle:
            p.setPen(QPen(CASTLE.darker(140), 2.2))
            p.setBrush(CASTLE)
            p.drawPolygon(self.proj.outline(sq, 0.14))
            p.setPen(QPen(CASTLE_LIGHT.lighter(130), 1.2, Qt.DashLine))
            p.setBrush(Qt.NoBrush)
            p.drawPolygon(self.proj.outline(sq, 0.24))
        else:  # a little grain so the wood reads as wood
            p.setPen(QPen(QColor(120, 80, 40, 40), 1))
            for k in (-0.25, 0.05, 0.3):
                a = self.proj.board_point(f - 3 - 0.42, r - 3 + k)
                b = self.proj.board_point(f - 3 + 0.42, r - 3 + k + 0.04)
                p.drawLine(a, b)

MIN_LABEL_PX = 12  # a coordinate is never drawn smaller than this on screen, however small the board


class CoordinatesItem(QGraphicsItem):
    """File letters and rank numbers along the two edges nearest the viewer, turning with the board,
    above every tower's shadow; they grow with the board and never shrink below MIN_LABEL_PX."""

    def __init__(self, proj: Projection) -> None:
        super().__init__()
        self.proj = proj
        self.setZValue(Z_TOP - 1)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def set_projection(self, proj: Projection) -> None:
        self.prepareGeometryChange()
        self.proj = proj
        self.update()

    def boundingRect(self) -> QRectF:
        return self.proj.bounds().adjusted(-40, -40, 40, 40)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.Antialiasing)
        scale = max(abs(p.worldTransform().m11()), abs(p.worldTransform().m12()), 1e-3)
        px = max(15 if self.proj.mode == "3d" else 17, round(MIN_LABEL_PX / scale))
        font = QFont()
        font.setPixelSize(px)
        font.setBold(True)
        p.setFont(font)
        p.setPen(QColor("#f3dfb6"))
        d = 3.82 if self.proj.mode == "3d" else 3.74
        for i, letter in enumerate(FILES):
            self._label(p, letter, [(i - 3, side) for side in (-d, d)], px)
        for r in range(7):
            self._label(p, str(r + 1), [(side, r - 3) for side in (-d, d)], px)

    def _label(self, p: QPainter, text: str, spots: list[tuple[float, float]], px: int) -> None:
        """Draw `text` at whichever of two board spots lies nearer the viewer (lower on screen, then left)."""
        pts = [self.proj.board_point(x, y) for x, y in spots]
        pt = max(pts, key=lambda q: (round(q.y(), 3), -q.x()))
        p.drawText(QRectF(pt.x() - px, pt.y() - px, 2 * px, 2 * px), Qt.AlignCenter, text)


class TowerItem(QGraphicsItem):
    """One square's tower; also the click target for the square (its shape covers the stack)."""

    def __init__(self, square: str, proj: Projection) -> None:
        super().__init__()
        self.square = square
        self.tower = ""
        self.crowned = False
        self.faded_from: int | None = None
        self.glow: QColor | None = None
        self.proj = proj
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)  # gradients per disc: paint on change only
        self.set_projection(proj)

    def set_projection(self, proj: Projection) -> None:
        self.prepareGeometryChange()
        self.proj = proj
        self.setPos(proj.centre(self.square))
        self.setZValue(tower_z(proj, self.square))
        self.update()

    def set_tower(self, tower: str, crowned: bool = False, faded_from: int | None = None) -> None:
        """Show `tower`; unchanged, nothing is invalidated (each refresh sets all 49 squares)."""
        if (tower, crowned, faded_from) == (self.tower, self.crowned, self.faded_from):
            return
        if len(tower) != len(self.tower):
            self.prepareGeometryChange()  # the bounding rect follows the height
        self.tower, self.crowned, self.faded_from = tower, crowned, faded_from
        self.update()

    def set_glow(self, colour: QColor | None) -> None:
        """Outline the stack in `colour` (None: no outline); unchanged, no repaint."""
        new = None if colour is None else QColor(colour)
        if _rgba(new) == _rgba(self.glow):
            return
        self.glow = new
        self.update()

    def boundingRect(self) -> QRectF:
        if self.proj.mode == "2d":
            return QRectF(-UNIT / 2, -UNIT / 2, UNIT, UNIT)
        top = -(max(len(self.tower), 1) + 1) * PIECE - HALF_H * 2
        return QRectF(-HALF_W * 1.1, top, HALF_W * 2.6, -top + HALF_H * 1.6)

    def shape(self) -> QPainterPath:
        """The floor square plus the stack's silhouette, so clicking either picks this square."""
        path = QPainterPath()
        path.addPolygon(self.proj.outline(self.square).translated(-self.pos()))
        if self.proj.mode == "3d" and self.tower:
            h = len(self.tower)
            path.addRect(QRectF(-art.RX, -h * PIECE - art.RY, 2 * art.RX, h * PIECE + art.RY))
        return path.simplified()

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.Antialiasing)
        if self.proj.mode == "2d":
            if self.glow is not None:
                p.setPen(QPen(self.glow, 4))
                p.setBrush(Qt.NoBrush)
                p.drawRoundedRect(QRectF(-UNIT * 0.45, -UNIT * 0.45, UNIT * 0.9, UNIT * 0.9), 9, 9)
            if self.tower:
                art.paint_flat(p, self.tower, self.faded_from, self.crowned)
            return
        if not self.tower:
            return
        art.paint_shadow(p, len(self.tower) if self.faded_from is None else self.faded_from)
        if self.glow is not None:
            self._paint_glow(p)
        art.paint_stack(p, self.tower, self.faded_from)
        if self.crowned:
            art.paint_crown_ring(p, len(self.tower) - 1)

    def _paint_glow(self, p: QPainter) -> None:
        """An outline around the stack: selected, cursor or last move."""
        h = len(self.tower)
        path = QPainterPath()
        path.addEllipse(QRectF(-art.RX, -art.RY, 2 * art.RX, 2 * art.RY))
        path.addRect(QRectF(-art.RX, -(h - 1) * PIECE - art.BODY, 2 * art.RX, (h - 1) * PIECE + art.BODY))
        path.addEllipse(art.disc_rect(h - 1))
        c = QColor(self.glow)
        for width, alpha in ((11, 60), (6, 130), (2.5, 255)):
            c.setAlpha(alpha)
            p.setPen(QPen(c, width))
            p.setBrush(Qt.NoBrush)
            p.drawPath(path.simplified())


class GhostItem(QGraphicsItem):
    """A previewed piece, translucent with a dashed edge, where a move would put it."""

    def __init__(self, square: str, level: int, piece: str, proj: Projection) -> None:
        super().__init__()
        self.square, self.level, self.piece, self.proj = square, level, piece, proj
        self.setPos(proj.centre(square))
        self.setZValue(tower_z(proj, square, 1))
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        if self.proj.mode == "2d":
            return QRectF(-UNIT / 2, -UNIT / 2, UNIT, UNIT)
        top = -(self.level + 2) * PIECE - HALF_H * 2
        return QRectF(-HALF_W, top, HALF_W * 2, -top + HALF_H)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.Antialiasing)
        if self.proj.mode == "2d":
            art.paint_flat_ghost(p, self.level, self.piece)
        else:
            art.paint_disc(p, self.level, self.piece, 170, top=True, dashed=True)


class SquareMark(QGraphicsItem):
    """A tinted outline on a square's floor (selection, keyboard cursor, last move, castle change)."""

    def __init__(self, square: str, proj: Projection, colour: QColor, fill_alpha: int = 70,
                 dashed: bool = False, width: float = 3.0) -> None:
        super().__init__()
        self.square, self.proj, self.colour = square, proj, QColor(colour)
        self.fill_alpha, self.dashed, self.width = fill_alpha, dashed, width
        self.setZValue(Z_MARK)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return self.proj.outline(self.square).boundingRect().adjusted(-4, -4, 4, 4)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.Antialiasing)
        fill = QColor(self.colour)
        fill.setAlpha(self.fill_alpha)
        p.setBrush(fill)
        p.setPen(QPen(self.colour, self.width, Qt.DashLine if self.dashed else Qt.SolidLine))
        p.drawPolygon(self.proj.outline(self.square, 0.04))


class ArrowItem(QGraphicsItem):
    """The last push's path: a bold arrow from the origin to the farthest square reached."""

    def __init__(self, start: str, end: str, proj: Projection, colour: QColor) -> None:
        super().__init__()
        self.a, self.b = proj.centre(start), proj.centre(end)
        self.colour = QColor(colour)
        self.setZValue(Z_TOP)  # above the towers: a push leaves a piece on every square of its path
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return QRectF(self.a, self.b).normalized().adjusted(-20, -20, 20, 20)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.Antialiasing)
        line = self.b - self.a
        length = max((line.x() ** 2 + line.y() ** 2) ** 0.5, 1.0)
        ux, uy = line.x() / length, line.y() / length
        tip = self.b - QPointF(ux, uy) * 6
        base = tip - QPointF(ux, uy) * 16
        normal = QPointF(-uy, ux) * 9
        c = QColor(self.colour)
        c.setAlpha(200)
        p.setPen(QPen(QColor(40, 30, 10, 150), 8, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(self.a, base)
        p.setPen(QPen(c, 5, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(self.a, base)
        p.setPen(Qt.NoPen)
        p.setBrush(c)
        p.drawPolygon(QPolygonF([tip, base + normal, base - normal]))


class MovingStack(QGraphicsItem):
    """The travelling pieces of a push (or a built piece) while they are animated."""

    def __init__(self, pieces: str, proj: Projection) -> None:
        super().__init__()
        self.pieces, self.proj, self.level = pieces, proj, 0.0
        self.setAcceptedMouseButtons(Qt.NoButton)

    def set_state(self, pieces: str, pos: QPointF, level: float, z: float) -> None:
        self.prepareGeometryChange()
        self.pieces, self.level = pieces, level
        self.setPos(pos)
        self.setZValue(z)

    def boundingRect(self) -> QRectF:
        if self.proj.mode == "2d":
            return QRectF(-UNIT / 2, -UNIT / 2, UNIT, UNIT)
        top = -(self.level + len(self.pieces) + 1) * PIECE - HALF_H * 2
        return QRectF(-HALF_W, top, HALF_W * 2, -top + HALF_H * 2)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.Antialiasing)
        if self.proj.mode == "2d":
            p.setOpacity(0.92)
            art.paint_flat(p, self.pieces)
            return
        p.save()
        p.translate(0, -self.level * PIECE)
        for i, piece in enumerate(self.pieces):
            art.paint_disc(p, i, piece, top=i == len(self.pieces) - 1)
        p.restore()
