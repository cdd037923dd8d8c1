"""The battle board: a QGraphicsView of the 7×7 field (Gold's Home Row at the bottom, Crimson's at
the top, the three Control Tiles ringed), the pieces of the viewer's view, the selection's lit
tiles and the hover preview. It draws only what it is handed: the viewer's own view."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QMouseEvent, QPainter, QPen, QResizeEvent
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsSimpleTextItem, QGraphicsView

from towers_qt.gauntlet.board.animation import ActionAnimation
from towers_qt.gauntlet.board.pieces import PieceItem
from towers_qt.gauntlet.board.style import (
    CHOSEN,
    CONTROL,
    COORD,
    DARK_TILE,
    FRAME,
    GRID,
    HEAL,
    HOME_TINT,
    LIGHT_TILE,
    MARGIN,
    MOVE,
    SELECTED,
    SIDE,
    TARGET,
    TILE,
)
from towers_qt.gauntlet.words import SIDE_WORD

FILES = "abcdefg"
SIZE = 7 * TILE + 2 * MARGIN


def tile_rect(t: str, flipped: bool = False) -> QRectF:
    """Where tile `t` is drawn: rank 1 (Gold's Home Row) at the bottom, or at the top when the
    board is seen from Crimson's side (`flipped`: turned half round, files too)."""
    x, y = FILES.index(t[0]), int(t[1]) - 1
    if flipped:
        x, y = 6 - x, 6 - y
    return QRectF(MARGIN + x * TILE, MARGIN + (6 - y) * TILE, TILE, TILE)


def tile_at(x: float, y: float, flipped: bool = False) -> str | None:
    col, row = int((x - MARGIN) // TILE), int((y - MARGIN) // TILE)
    if 0 <= col < 7 and 0 <= row < 7 and x >= MARGIN and y >= MARGIN:
        return f"{FILES[6 - col]}{row + 1}" if flipped else f"{FILES[col]}{7 - row}"
    return None


class GauntletBoard(QGraphicsView):
    """The field; emits the tile clicked and the tile under the pointer ("" when none)."""

    tile_clicked = Signal(str)
    tile_hovered = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("GauntletBoard")
        self.scene_ = QGraphicsScene(0, 0, SIZE, SIZE, self)
        self.setScene(self.scene_)
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setBackgroundBrush(QBrush(FRAME))
        self.setMouseTracking(True)
        self.setMinimumSize(320, 320)
        self._marks: list[QGraphicsItem] = []
        self._preview: list[QGraphicsItem] = []
        self._hovered = ""
        self.flipped = False  # seen from Crimson's side: Crimson's Home Row at the bottom
        self.cursor: str | None = None  # the keyboard's tile
        self._cursor_item: QGraphicsItem | None = None
        self.setFocusPolicy(Qt.StrongFocus)
        self.pieces: dict[str, PieceItem] = {}  # the drawn pieces by tile (the animation moves them)
        self.animation: ActionAnimation | None = None

    # -- drawing ----------------------------------------------------------------------------------
    def rect_of(self, t: str) -> QRectF:
        """Where tile `t` is drawn on this board, from the side it is seen from."""
        return tile_rect(t, self.flipped)

    def show_view(self, view: dict) -> None:
        """Draw the field and every piece of `view` (a side's view: nothing it cannot see)."""
        self.stop_animation()
        self.scene_.clear()
        self._marks, self._preview, self.pieces, self._cursor_item = [], [], {}, None
        if not view:
            return
        control = set(view["control_tiles"])
        for x in range(7):
            for y in range(7):
                t = f"{FILES[x]}{y + 1}"
                self._tile(t, (x + y) % 2 == 0, control)
        for i in range(7):
            file, rank = (FILES[6 - i], str(i + 1)) if self.flipped else (FILES[i], str(7 - i))
            self._text(file, MARGIN + i * TILE + TILE / 2, MARGIN + 7 * TILE + MARGIN / 2)
            self._text(rank, MARGIN / 2, MARGIN + i * TILE + TILE / 2)
        for t, kind in sorted(view["chests"].items()):
            self._chest(t, kind)
        for t, q in sorted(view["pieces"].items()):
            item = PieceItem(t, q, view["turn"])
            item.setPos(self.rect_of(t).topLeft())
            item.setZValue(2)
            self.scene_.addItem(item)
            self.pieces[t] = item
        self._draw_cursor()

    def show_last_turn(self, side: str | None, tiles: list[str]) -> None:
        """Outline the tiles the other side's last turn touched, in its colour."""
        for t in tiles if side else []:
            item = self.scene_.addRect(self.rect_of(t).adjusted(5, 5, -5, -5), QPen(SIDE[side].lighter(120), 3,
                                                                                    Qt.DashLine), Qt.NoBrush)
            item.setZValue(1.5)
            item.setData(0, f"last turn {t}")
            item.setToolTip(f"{SIDE_WORD[side]}'s last turn acted here (see the Battle Log)")

    # -- animation ----------------------------------------------------------------------------------
    def animate(self, view: dict, action: str, events: list[list], factor: float, sieged: bool) -> ActionAnimation:
        """Show `view` (the position before) and play the viewer's events of `action` over it."""
        self.show_view(view)
        self.animation = ActionAnimation(self, action, events, factor, sieged)
        return self.animation

    def stop_animation(self) -> None:
        animation, self.animation = self.animation, None
        if animation is not None:
            animation.stop()

    def _tile(self, t: str, dark: bool, control: set[str]) -> None:
        r = self.rect_of(t)
        item = self.scene_.addRect(r, QPen(GRID, 1), QBrush(DARK_TILE if dark else LIGHT_TILE))
        item.setData(0, f"tile {t}")
        rank = t[1]
        if rank in "17":
            self.scene_.addRect(r, Qt.NoPen, QBrush(HOME_TINT["G" if rank == "1" else "C"])).setData(
                0, f"home row {t}")
        if t in control:
            ring = self.scene_.addEllipse(r.adjusted(6, 6, -6, -6), QPen(CONTROL, 4, Qt.DashLine), Qt.NoBrush)
            ring.setData(0, f"control tile {t}")
            ring.setToolTip(f"Control Tile {t}: a completed Control Post here grants +1 AP every turn")

    def _chest(self, t: str, kind: str) -> None:
        r = self.rect_of(t).adjusted(TILE * 0.3, TILE * 0.35, -TILE * 0.3, -TILE * 0.3)
        item = self.scene_.addRect(r, QPen(QColor("#5a3a12"), 2), QBrush(QColor("#b07a2a")))
        item.setData(0, f"war chest {t} {kind}")
        item.setToolTip(f"War Chest on {t}: {'10 Gold' if kind == 'gold' else 'a Tome of Insight'}")

    def _text(self, text: str, cx: float, cy: float, colour: QColor = COORD, size: int = 11,
              preview: bool = False) -> QGraphicsSimpleTextItem:
        item = QGraphicsSimpleTextItem(text)
        item.setFont(QFont("DejaVu Sans", size, QFont.Bold))
        item.setBrush(colour)
        b = item.boundingRect()
        item.setPos(cx - b.width() / 2, cy - b.height() / 2)
        item.setData(0, f"text {text}")
        self.scene_.addItem(item)
        if preview:
            item.setZValue(6)
            self._preview.append(item)
        return item

    # -- the selection ------------------------------------------------------------------------------
    def set_marks(self, selected: str | None, moves: list[str], targets: list[str], chosen: list[str]) -> None:
        """Light the selected piece, its move tiles, the tiles its actions aim at, and what is chosen."""
        for item in self._marks:
            self.scene_.removeItem(item)
        self._marks = []
        for tiles, colour, what in ((moves, MOVE, "move"), (targets, TARGET, "target"), (chosen, CHOSEN, "chosen")):
            for t in tiles:
                r = self.rect_of(t).adjusted(3, 3, -3, -3)
                item = self.scene_.addRect(r, QPen(colour.darker(), 2), QBrush(colour))
                item.setZValue(1)
                item.setData(0, f"{what} {t}")
                self._marks.append(item)
        if selected:
            item = self.scene_.addRect(self.rect_of(selected).adjusted(2, 2, -2, -2), QPen(SELECTED, 4), Qt.NoBrush)
            item.setZValue(3)
            item.setData(0, f"selected {selected}")
            self._marks.append(item)

    def show_preview(self, events: list[list] | None) -> None:
        """What the hovered action would do (preview events), drawn over the tiles; None clears it."""
        for item in self._preview:
            self.scene_.removeItem(item)
        self._preview = []
        for ev in events or []:
            kind = ev[0]
            if kind in ("hit", "tick"):
                r = self.rect_of(ev[1])
                dmg, hp = (ev[2], ev[3]) if kind == "hit" else (ev[3], ev[4])
                self._badge(r.center().x(), r.top() + 30, f"−{dmg} → {hp}", TARGET.darker(150))
            elif kind == "heal":
                r = self.rect_of(ev[1])
                self._badge(r.center().x(), r.top() + 30, f"+{ev[2]} → {ev[3]}", HEAL.darker(130))
            elif kind == "die":
                r = self.rect_of(ev[1])
                cross = self.scene_.addRect(r.adjusted(4, 4, -4, -4), QPen(QColor("#e0453a"), 4), Qt.NoBrush)
                cross.setZValue(5)
                cross.setData(0, f"preview falls {ev[1]}")
                self._preview.append(cross)
                self._badge(r.center().x(), r.bottom() - 26, "falls", QColor("#7a1a1a"))
            elif kind in ("move", "shove"):
                r = self.rect_of(ev[2])
                ghost = self.scene_.addEllipse(r.adjusted(16, 12, -16, -20), QPen(CHOSEN.darker(), 3, Qt.DashLine),
                                               Qt.NoBrush)
                ghost.setZValue(5)
                ghost.setData(0, f"preview {kind} {ev[1]} {ev[2]}")
                self._preview.append(ghost)
            elif kind == "aff":
                r = self.rect_of(ev[1])
                self._badge(r.center().x(), r.top() + 50, ev[2], QColor("#6b3fa0"))

    def _badge(self, cx: float, cy: float, text: str, colour: QColor) -> None:
        label = self._text(text, cx, cy, QColor("#ffffff"), 10, preview=True)
        b = label.sceneBoundingRect().adjusted(-4, -1, 4, 1)
        back = self.scene_.addRect(b, Qt.NoPen, QBrush(colour))
        back.setZValue(5.5)
        back.setData(0, "preview badge")
        self._preview.append(back)

    # -- the keyboard -------------------------------------------------------------------------------
    def _draw_cursor(self) -> None:
        if self._cursor_item is not None and self._cursor_item.scene() is self.scene_:
            self.scene_.removeItem(self._cursor_item)
        self._cursor_item = None
        if self.cursor is None or not self.scene_.items():
            return
        item = self.scene_.addRect(self.rect_of(self.cursor).adjusted(1, 1, -1, -1), QPen(QColor("#ffffff"), 3,
                                                                                          Qt.DotLine), Qt.NoBrush)
        item.setZValue(4)
        item.setData(0, f"cursor {self.cursor}")
        self._cursor_item = item

    def move_cursor(self, dx: int, dy: int) -> None:
        """Arrows: the cursor one tile left/right/up/down as the board is seen (stays on the board)."""
        if self.cursor is None:
            self.cursor = "d4"
        else:
            c = self.rect_of(self.cursor).center()
            self.cursor = tile_at(c.x() + dx * TILE, c.y() + dy * TILE, self.flipped) or self.cursor
        self._draw_cursor()
        self.tile_hovered.emit(self.cursor)

    def keyPressEvent(self, event) -> None:
        steps = {Qt.Key_Left: (-1, 0), Qt.Key_Right: (1, 0), Qt.Key_Up: (0, -1), Qt.Key_Down: (0, 1)}
        if event.key() in steps:
            self.move_cursor(*steps[event.key()])
        elif event.key() in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Space) and self.cursor:
            self.tile_clicked.emit(self.cursor)
        else:
            super().keyPressEvent(event)

    # -- events -------------------------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fitInView(self.scene_.sceneRect(), Qt.KeepAspectRatio)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.fitInView(self.scene_.sceneRect(), Qt.KeepAspectRatio)

    def _tile_of(self, event: QMouseEvent) -> str | None:
        p = self.mapToScene(event.position().toPoint())
        return tile_at(p.x(), p.y(), self.flipped)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        t = self._tile_of(event)
        if t and event.button() == Qt.LeftButton:
            self.tile_clicked.emit(t)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        t = self._tile_of(event) or ""
        if t != self._hovered:
            self._hovered = t
            self.tile_hovered.emit(t)
        super().mouseMoveEvent(event)

    def items_record(self) -> list[tuple]:
        """Every drawn item as (what, x, y, tooltip): what the screen shows, for the who-sees-what tests."""
        out = []
        for item in self.scene_.items():
            p = item.scenePos()
            out.append((str(item.data(0)), round(p.x()), round(p.y()), item.toolTip()))
        return sorted(out)
