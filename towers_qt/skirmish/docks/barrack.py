"""Barrack dock: the viewer's hand as card tiles; deployable ones glow, resting ones are marked."""
from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from towers_qt.shell.elided import ElidedLabel
from towers_qt.shell.palette import SIDE_LIGHT
from towers_qt.shell.players import other
from towers_qt.skirmish.board import palette
from towers_qt.skirmish.board.card_face import (
    CARD_H,
    CARD_W,
    CardFace,
    card_info,
    paint_card,
)
from towers_qt.skirmish.board.tooltips import card_text

MIN_CARD_W, MAX_CARD_W = 48, 96  # tile card widths: readable, never larger than the board wants


def tile_width(board_card_w: float) -> int:
    """A barrack card as wide as a card on the board (within readable bounds)."""
    return int(max(MIN_CARD_W, min(MAX_CARD_W, board_card_w)))


class CardTile(QWidget):
    """One barrack card; click to pick it for deploying."""

    clicked = Signal(str)

    def __init__(self, face: CardFace, card_w: int = int(CARD_W), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.face = face
        self.selected = False
        self.hinted = False  # the card the last hint deploys: lit like the board's hinted squares
        self.setFixedSize(QSize(card_w + 8, int(card_w * CARD_H / CARD_W) + 8))
        tip = card_text(face.code)
        if face.resting:
            tip += "<br><i>Resting: cannot deploy this turn.</i>"
        elif face.deployable:
            tip += "<br><i>Click, then click a lit square to deploy.</i>"
        self.setToolTip(tip)
        self.setCursor(Qt.PointingHandCursor if face.deployable else Qt.ArrowCursor)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        rect = QRectF(4, 4, self.width() - 8, self.height() - 8)
        if not self.face.deployable and not self.face.resting:
            painter.setOpacity(0.55)
        paint_card(painter, rect, self.face)
        painter.setOpacity(1.0)
        if self.hinted:
            glow = QColor(palette.GOLD)
            glow.setAlpha(170)
            painter.setPen(QPen(glow, 8))
            painter.setBrush(Qt.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), 9, 9)
        if self.selected or self.hinted or self.face.deployable:
            lit = self.selected or self.hinted
            pen = QPen(palette.GOLD if lit else QColor(201, 162, 74, 150), 3 if lit else 1.5)
            painter.setPen(pen)
            painter.setBrush(Qt.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 9, 9)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.LeftButton and self.rect().contains(event.position().toPoint()):
            self.clicked.emit(self.face.code)


class BarrackWidget(QWidget):
    """Shows `barrack[viewer]` from the viewer's view; emits cardClicked(code)."""

    cardClicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("BarrackWidget")
        self.tiles: list[CardTile] = []
        self._signature: tuple | None = None
        self.hinted: str | None = None  # the card a hint deploys, lit until the hint goes
        self.card_w = int(CARD_W)
        self.columns = 3
        self.title = ElidedLabel()   # the player's name: however long, it never widens the dock
        self.title.setProperty("role", "title")
        self.hint = QLabel()
        self.hint.setProperty("role", "muted")
        self.hint.setWordWrap(True)
        self.enemy_name = ElidedLabel()   # the opponent, in their colour, cut with "…" when too long
        self.enemy = QLabel()
        self.enemy.setWordWrap(True)
        self.grid_host = QWidget()
        self.grid = QGridLayout(self.grid_host)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(4)
        self.grid.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.NoFrame)
        scroll.setWidget(self.grid_host)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.hint)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.enemy_name)
        layout.addWidget(self.enemy)
        self.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Expanding)

    def show_barrack(self, view: dict, viewer: str, deployable: set[str], names: dict[str, str],
                     selected: str | None = None) -> None:
        """Rebuild the tiles from the view (the viewer's own barrack is fully visible)."""
        signature = (tuple(view["barrack"][viewer]), tuple(view["resting"][viewer]), viewer,
                     tuple(sorted(deployable)), selected, tuple(sorted(names.items())),
                     len(view["barrack"][other(viewer)]), len(view["resting"][other(viewer)]))
        if signature == self._signature:
            return
        self._signature = signature
        self._shown = (view, viewer, deployable, names, selected)
        for tile in self.tiles:
            self.grid.removeWidget(tile)
            tile.hide()
            tile.deleteLater()
        self.tiles = []
        cards = sorted(view["barrack"][viewer], key=_order)
        resting = list(view["resting"][viewer])
        for i, code in enumerate(cards):
            is_resting = code in resting
            if is_resting:
                resting.remove(code)
            face = CardFace(code=code, owner=viewer, up=True, resting=is_resting,
                            deployable=code in deployable and not is_resting)
            tile = CardTile(face, self.card_w)
            tile.selected = code == selected
            tile.hinted = code == self.hinted and not is_resting and not any(t.hinted for t in self.tiles)
            tile.clicked.connect(self.cardClicked)
            self.grid.addWidget(tile, i // self.columns, i % self.columns)
            tile.show()
            self.tiles.append(tile)
        troops = sum(card_info(c).get("troops", 0) or 0 for c in cards)
        self.title.set_full_text(names.get(viewer, viewer))   # a long name is cut, never the counts below
        self.hint.setText(self._hint(cards, deployable, troops))
        self._show_enemy(view, viewer, names)

    def set_hint(self, code: str | None) -> None:
        """Light one tile of `code` (a hinted deploy's card), or none."""
        self.hinted = code
        done = False
        for tile in self.tiles:
            tile.hinted = not done and tile.face.code == code and not tile.face.resting
            done = done or tile.hinted
            tile.update()

    def set_board_card_width(self, width: float) -> None:
        """Follow the board's card size, so the barrack never outsizes the battlefield."""
        card_w = tile_width(width)
        if card_w != self.card_w:
            self.card_w = card_w
            self.rebuild()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        columns = max(1, (self.width() - 16) // (self.card_w + 8 + self.grid.spacing()))
        if columns != self.columns:
            self.columns = columns
            self.rebuild()

    def rebuild(self) -> None:
        """Draw the tiles again (new size, columns or colours)."""
        if getattr(self, "_shown", None) is not None:
            self._signature = None
            self.show_barrack(*self._shown)

    @staticmethod
    def _hint(cards: list[str], deployable: set[str], troops: int) -> str:
        if not cards:
            return "Every card is in the field."
        held = f"{len(cards)} card{'s' if len(cards) != 1 else ''}, {troops} troops in barrack."
        if deployable:
            return f"{held} Lit cards can deploy now: click one, then a gold square."
        return held

    def _show_enemy(self, view: dict, viewer: str, names: dict[str, str]) -> None:
        foe = other(viewer)
        count, rest = len(view["barrack"][foe]), len(view["resting"][foe])
        self.enemy_name.setStyleSheet(f"color: {SIDE_LIGHT[foe].name()}; font-weight: bold;")
        self.enemy_name.set_full_text(names.get(foe, foe))
        text = f"{count} hidden card{'s' if count != 1 else ''} in barrack"
        if rest:
            text += f", {rest} resting"
        self.enemy.setText(text)

    def tile_codes(self) -> list[str]:
        return [t.face.code for t in self.tiles]


def _order(code: str) -> tuple:
    info = card_info(code)
    return (code != "K", -(info.get("rank") or 0), code)
