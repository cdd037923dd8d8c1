"""The foe choice: the eleven on one map, a path from Battle 1 through the Six to the Deep Four.
Each card shows the Royal's signature unit as its token, its name, trick and style, its state
(beaten ✓, available, locked), its pledge and what joins your banner. In Endless the echo's foe is
the one available card."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QIcon, QPainter, QPen
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from towers_core.gauntlet import run as R
from towers_core.gauntlet.foes import FOES
from towers_core.gauntlet.run_foes import CARDS, DEEP_FOUR, PAWNLORD, SIX
from towers_qt.gauntlet.board.pieces import slot_icon
from towers_qt.gauntlet.run.art import FOE, YOU, BannerRow
from towers_qt.gauntlet.run.select import text_label, title_label
from towers_qt.gauntlet.run.status import status_line
from towers_qt.gauntlet.run.words import PLEDGE_TEXT, slot_name
from towers_qt.gauntlet.words import NAME

ROWS = (("Battle 1", (PAWNLORD,)), ("Battles 2–7 · the Six, in the order you choose", SIX),
        ("Battles 8–11 · the Deep Four, in order", DEEP_FOUR))
ARROW_STYLE = "font-size: 22pt; color: #8f7231;"
# state: (panel, border, ink, badge colour)
LOOK = {"beaten": ("#26301f", "#5d7a45", "#b8c7a8", "#7fae5a"),
        "available": ("#3d342c", "#e0bf6c", "#efe6d8", "#e0bf6c"),
        "locked": ("#231e1b", "#3f3730", "#7d7162", "#6a5f52")}


def foe_state(run: dict, foe_id: str, offered: set[str]) -> str:
    if foe_id in offered:
        return "available"
    return "beaten" if foe_id in run["beaten"] else "locked"


def badge(run: dict, foe_id: str, state: str) -> str:
    if state == "beaten":
        return f"✓ Beaten · Battle {run['beaten'].index(foe_id) + 1}"
    if state == "available":
        return f"Echo {run['echo']} · choose" if run["echo"] else "Available · choose"
    return "Locked"


def card_lines(run: dict, foe_id: str, state: str, choice: dict | None) -> list[str]:
    """A foe's card below its name, what decides the choice first: what it brings you, its
    style, its trick."""
    card = CARDS[foe_id]
    lines = []
    if choice and choice["lacks"]:
        lines.append(f"Wields {slot_name(choice['lacks'])}, which you lack")
    pledge = (choice or {}).get("pledge")
    if pledge:
        lines.append(f"Pledge: {NAME[pledge]}s join you now, win or lose")
    if state != "beaten" and not run["echo"]:      # an echo gives no gift
        lines.append(f"Joins you: {card.joins}")
    return lines + [f"Style: {card.style}", card.trick]


def card_text(run: dict, foe_id: str, state: str, choice: dict | None) -> str:
    """The card's words, plain (its accessible text and tooltip)."""
    return "\n".join([CARDS[foe_id].name, badge(run, foe_id, state)] + card_lines(run, foe_id, state, choice))


def draw_lines(p: QPainter, box: QRectF, lines: list[str]) -> None:
    """Wrapped lines from the top of `box`; what does not fit ends in an ellipsis (the tooltip has all)."""
    metrics = QFontMetrics(p.font())
    y, step = box.top(), metrics.lineSpacing()
    words = [w for line in lines for w in wrap(metrics, line, int(box.width()))]
    for i, text in enumerate(words):
        if y + 2 * step > box.bottom() and i < len(words) - 1:
            p.drawText(QRectF(box.left(), y, box.width(), step), Qt.AlignLeft,
                       metrics.elidedText(text + " …", Qt.ElideRight, int(box.width())))
            return
        p.drawText(QRectF(box.left(), y, box.width(), step), Qt.AlignLeft, text)
        y += step


def wrap(metrics: QFontMetrics, text: str, width: int) -> list[str]:
    out, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and metrics.horizontalAdvance(trial) > width:
            out.append(line)
            line = word
        else:
            line = trial
    return out + [line] if line else out


class FoeCard(QPushButton):
    """A foe's card, painted: the signature unit's token, the name, a state badge and the lines."""

    def __init__(self, foe_id: str) -> None:
        super().__init__()
        self.foe_id = foe_id
        self.state, self.badge, self.lines, self.words = "locked", "", [], ""
        self.setCursor(Qt.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setMinimumSize(140, 104)

    def text(self) -> str:
        return self.words

    def show_foe(self, run: dict, state: str, choice: dict | None) -> None:
        self.state, self.badge = state, badge(run, self.foe_id, state)
        self.lines = card_lines(run, self.foe_id, state, choice)
        self.words = card_text(run, self.foe_id, state, choice)
        self.setAccessibleName(self.words.replace("\n", ". "))
        self.setToolTip(self.words)
        self.setEnabled(state == "available")
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        panel, border, ink, mark = (QColor(c) for c in LOOK[self.state])
        hover = self.state == "available" and (self.underMouse() or self.hasFocus())
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        r = QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5)
        p.setPen(QPen(border.lighter(125) if hover else border, 2.5 if self.state == "available" else 1.2))
        p.setBrush(panel.lighter(118) if hover else panel)
        p.drawRoundedRect(r, 8, 8)
        size = 34 if r.height() < 170 else 46
        icon = QRectF(r.left() + 8, r.top() + 8, size, size)
        side = YOU if self.state == "beaten" else FOE      # a beaten Royal's army marches under your banner
        mode = QIcon.Disabled if self.state == "locked" else QIcon.Normal
        slot_icon(FOES[self.foe_id].sig, side, size).paint(p, icon.toRect(), Qt.AlignCenter, mode)
        base = self.font().pointSizeF()
        left, width = icon.right() + 8, r.right() - icon.right() - 14
        font = QFont(self.font())
        font.setBold(True)
        font.setPointSizeF(base * (1.1 if QFontMetrics(font).horizontalAdvance(CARDS[self.foe_id].name) * 1.1 < width
                                   else 0.95))
        p.setFont(font)
        p.setPen(ink)
        p.drawText(QRectF(left, icon.top(), width, size), Qt.AlignLeft | Qt.AlignVCenter | Qt.TextWordWrap,
                   CARDS[self.foe_id].name)
        font.setPointSizeF(base * 0.85)
        p.setFont(font)
        p.setPen(mark)
        body = QRectF(r.left() + 10, icon.bottom() + 4, r.width() - 20, r.bottom() - icon.bottom() - 8)
        p.drawText(QRectF(body.left(), body.top(), body.width(), 16), Qt.AlignLeft | Qt.AlignVCenter,
                   QFontMetrics(font).elidedText(self.badge, Qt.ElideRight, int(body.width())))
        font.setBold(False)
        font.setPointSizeF(base * 0.9)
        p.setFont(font)
        p.setPen(ink)
        draw_lines(p, body.adjusted(0, 18, 0, 0), self.lines)
        p.end()


class PathLine(QWidget):
    """The run's progress: eleven steps (and the echo's), filled as Battles are won."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedHeight(34)
        self.beaten: list[str] = []
        self.battle = 1
        self.echo = 0

    def show_run(self, run: dict) -> None:
        self.beaten, self.battle, self.echo = list(run["beaten"]), run["battle"], run["echo"]
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        steps = 11
        w = self.width() - 60
        x0, y = 30.0, self.height() / 2
        gap = w / (steps - 1)
        gold, line, dim = QColor("#e0bf6c"), QColor("#51463b"), QColor("#7d7162")
        for i in range(steps - 1):
            p.setPen(QPen(gold if i + 1 < len(self.beaten) + (0 if self.echo else 1) and i < len(self.beaten) else
                          line, 3))
            p.drawLine(QPointF(x0 + i * gap, y), QPointF(x0 + (i + 1) * gap, y))
        for i in range(steps):
            c = QPointF(x0 + i * gap, y)
            won = i < len(self.beaten)
            current = not self.echo and i + 1 == self.battle
            if won:
                slot_icon(FOES[self.beaten[i]].sig, YOU, 22).paint(p, QRectF(c.x() - 11, y - 11, 22, 22).toRect())
                continue
            p.setPen(QPen(gold if current else dim, 2.5 if current else 1.5))
            p.setBrush(QColor("#3d342c") if current else QColor("#2a2420"))
            radius = 10 if current else 7
            p.drawEllipse(c, radius, radius)
            if i in (1, 7) or current:
                p.setPen(gold if current else dim)
                p.drawText(QRectF(c.x() - 10, y - 8, 20, 16), Qt.AlignCenter, str(i + 1))
        p.end()


def arrow() -> QLabel:
    """The path's step from one stage to the next."""
    label = QLabel("›")
    label.setStyleSheet(ARROW_STYLE)
    label.setAlignment(Qt.AlignCenter)
    return label


class MapScreen(QWidget):
    """`picked(foe_id)` when an available foe is clicked."""

    picked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        box = QVBoxLayout(self)
        box.setContentsMargins(24, 12, 24, 12)
        box.setSpacing(6)
        box.addWidget(title_label("Choose your next foe", 18))
        self.status = QLabel()
        self.status.setAlignment(Qt.AlignCenter)
        self.status.setProperty("role", "muted")
        box.addWidget(self.status)
        self.path = PathLine()
        box.addWidget(self.path)
        self.cards: dict[str, FoeCard] = {}
        chapters = QHBoxLayout()
        chapters.setSpacing(6)
        for i, ((caption, foes), (cols, stretch)) in enumerate(zip(ROWS, ((1, 2), (3, 6), (1, 2)))):
            if i:
                chapters.addWidget(arrow())
            chapters.addLayout(self._chapter(caption, foes, cols), stretch)
        box.addLayout(chapters, 1)
        note = text_label(PLEDGE_TEXT)
        note.setProperty("role", "muted")
        box.addWidget(note)
        self.banner = BannerRow()
        box.addWidget(self.banner)

    def _chapter(self, caption: str, foes: tuple[str, ...], cols: int) -> QVBoxLayout:
        """A stage of the path: its caption over its foes' cards, `cols` abreast."""
        column = QVBoxLayout()
        head = QLabel(caption)
        head.setProperty("role", "title")
        head.setWordWrap(True)
        column.addWidget(head)
        grid = QGridLayout()
        grid.setSpacing(8)
        for i, foe_id in enumerate(foes):
            card = FoeCard(foe_id)
            card.setObjectName(f"foe_{foe_id}")
            card.clicked.connect(lambda _=False, f=foe_id: self.picked.emit(f))
            self.cards[foe_id] = card
            grid.addWidget(card, i // cols, i % cols)
        for c in range(cols):
            grid.setColumnStretch(c, 1)
        column.addLayout(grid, 1)
        if len(foes) == 1:
            column.addStretch(1)
        return column

    def show_run(self, run: dict) -> None:
        choices = {c["id"]: c for c in R.foe_choices(run)}
        self.status.setText(status_line(run))
        self.path.show_run(run)
        self.banner.show_banner(run["banner"], run["pledges"])
        for foe_id, card in self.cards.items():
            card.show_foe(run, foe_state(run, foe_id, set(choices)), choices.get(foe_id))
