"""The battlefield scene: squares from the terrain, cards from a player's view, highlights."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import QGraphicsScene

from towers_qt.skirmish.board import palette
from towers_qt.skirmish.board.card_face import CardFace, font_px
from towers_qt.skirmish.board.geometry import (
    ALL_SQUARES,
    CELL,
    FILES,
    MARGIN,
    SCENE_RECT,
    SIZE,
    square_center,
    square_rect,
)
from towers_qt.skirmish.board.items import CardItem, SquareItem
from towers_qt.skirmish.board.marks import LastAction, MarkLayer
from towers_qt.skirmish.board.tooltips import square_tip


def face_for(cell: dict, viewer: str, seen: dict[str, str], square: str) -> CardFace:
    """The face the viewer sees of one board cell of their view."""
    code = cell["card"]
    known = code == "?" and square in seen
    if known:
        code = seen[square]
    return CardFace(
        code=code,
        owner=cell["owner"],
        up=bool(cell["up"]),
        hidden_own=cell["owner"] == viewer and not cell["up"],
        known=known,
        spent=bool(cell.get("spent")),
        defensive=cell.get("posture") == "defensive",
    )


class BoardScene(QGraphicsScene):
    """Holds one SquareItem per square and one CardItem per occupied square."""

    animationsFinished = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(SCENE_RECT, parent)
        self.flipped = False
        self.squares: dict[str, SquareItem] = {}
        self.cards: dict[str, CardItem] = {}
        self.terrain: dict | None = None
        self.ghost: CardItem | None = None
        self.marks = MarkLayer(self.center)
        self.addItem(self.marks)
        self.shown: tuple[dict, str, dict[str, str]] | None = None  # (view, viewer, seen) drawn now
        self.history: list[dict] | None = None  # the viewer's history, for what hover text may infer
        self.names: dict[str, str] = {}

    # -- building ---------------------------------------------------------------------------
    def set_terrain(self, terrain: dict) -> None:
        """(Re)build the squares when a new game brings a new terrain."""
        if terrain == self.terrain:
            return
        self.terrain = terrain
        for item in self.squares.values():
            self.removeItem(item)
        self.squares.clear()
        high, mountains = set(terrain["high"]), set(terrain["mountains"])
        for sq in ALL_SQUARES:
            kind = "high" if sq in high else "mountain" if sq in mountains else "plain"
            dark = (FILES.index(sq[0]) + int(sq[1:])) % 2 == 0
            item = SquareItem(sq, kind, dark)
            self.addItem(item)
            self.squares[sq] = item
        self._place_squares()

    def set_flipped(self, flipped: bool) -> None:
        if flipped != self.flipped:
            self.flipped = flipped
            self._place_squares()
            for sq, item in self.cards.items():
                item.setPos(self.center(sq))
            self.marks.update()
            self.update()

    def _place_squares(self) -> None:
        for sq, item in self.squares.items():
            item.setPos(square_rect(sq, self.flipped).topLeft())

    def center(self, square: str) -> QPointF:
        return square_center(square, self.flipped)

    # -- cards ------------------------------------------------------------------------------
    def show_view(self, view: dict, viewer: str, seen: dict[str, str]) -> None:
        """Make the cards match `view` exactly, reusing items by square (no animation)."""
        self.set_terrain(view["terrain"])
        self.shown = (view, viewer, seen)
        board = view["board"]
        for sq in [s for s in self.cards if s not in board]:
            self.removeItem(self.cards.pop(sq))
        for sq, cell in board.items():
            face = face_for(cell, viewer, seen, sq)
            item = self.cards.get(sq)
            if item is None:
                item = CardItem(face)
                self.addItem(item)
                self.cards[sq] = item
            item.set_face(face)
            item.turn = 90.0 if face.defensive else 0.0
            item.flip = 1.0
            item.setOpacity(1.0)
            item.setScale(1.0)
            item.setPos(self.center(sq))

    def set_ghost(self, face: CardFace | None, square: str | None = None) -> None:
        """A translucent copy of the moving card on its chosen destination (follow-up step)."""
        if self.ghost is not None:
            self.removeItem(self.ghost)
            self.ghost = None
        if face is not None and square:
            self.ghost = CardItem(face)
            self.ghost.setOpacity(0.72)
            self.ghost.setZValue(30)
            self.ghost.setPos(self.center(square))
            self.addItem(self.ghost)

    def tip(self, square: str | None) -> str:
        """Hover text of `square` as the viewer of the shown view may know it."""
        if not square or self.shown is None:
            return ""
        view, viewer, seen = self.shown
        return square_tip(view, viewer, square, seen, self.history, self.names)

    # -- highlights -------------------------------------------------------------------------
    def set_highlights(self, marks: dict[str, str]) -> None:
        """`marks` maps square -> highlight kind; every other square is cleared."""
        for sq, item in self.squares.items():
            item.set_highlight(marks.get(sq))
        self.marks.set_marks(self.highlights())

    def highlights(self) -> dict[str, str]:
        return {sq: it.highlight for sq, it in self.squares.items() if it.highlight}

    def set_last(self, last: LastAction | None) -> None:
        """Mark the last action (None: no mark), drawn above the cards."""
        last = last or LastAction()
        for sq, item in self.squares.items():
            item.set_last(sq in last.squares)
        self.marks.set_last(last)

    # -- frame and coordinates --------------------------------------------------------------
    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        outer = self.sceneRect()
        grad = QLinearGradient(outer.topLeft(), outer.bottomRight())
        grad.setColorAt(0, QColor("#3a2c1f"))
        grad.setColorAt(1, QColor("#1f1710"))
        painter.setPen(QPen(palette.GOLD.darker(130), 3))
        painter.setBrush(grad)
        painter.drawRoundedRect(outer.adjusted(1.5, 1.5, -1.5, -1.5), 16, 16)
        board = QRectF(MARGIN - 4, MARGIN - 4, CELL * SIZE + 8, CELL * SIZE + 8)
        painter.setPen(QPen(palette.GOLD, 2))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(board)
        self._draw_coordinates(painter)

    def _draw_coordinates(self, painter: QPainter) -> None:
        painter.setPen(palette.GOLD_LIGHT)
        painter.setFont(font_px(17, True))
        for i in range(SIZE):
            file_ = FILES[SIZE - 1 - i] if self.flipped else FILES[i]
            rank = str(i + 1) if self.flipped else str(SIZE - i)
            x = MARGIN + i * CELL
            for y in (0, MARGIN + SIZE * CELL):
                painter.drawText(QRectF(x, y, CELL, MARGIN), Qt.AlignCenter, file_)
            for x0 in (0, MARGIN + SIZE * CELL):
                painter.drawText(QRectF(x0, MARGIN + i * CELL, MARGIN, CELL), Qt.AlignCenter, rank)
