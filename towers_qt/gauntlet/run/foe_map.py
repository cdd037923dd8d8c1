"""The foe choice: the eleven on one map (beaten, available, locked). Battle 1 the Pawnlord; 2–7
any unbeaten of the Six, each with the unit you lack and any pledge; 8–11 the Deep Four in order.
In Endless the echo's foe is the one available card."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from towers_core.gauntlet import run as R
from towers_core.gauntlet.foes import FOES
from towers_core.gauntlet.run_foes import CARDS, DEEP_FOUR, PAWNLORD, SIX
from towers_qt.gauntlet.run.select import text_label, title_label
from towers_qt.gauntlet.run.status import banner_line, status_line
from towers_qt.gauntlet.run.words import PLEDGE_TEXT, slot_name
from towers_qt.gauntlet.words import NAME

ROWS = (("Battle 1", (PAWNLORD,)), ("Battles 2–7: the Six, in the order you choose", SIX),
        ("Battles 8–11: the Deep Four, in order", DEEP_FOUR))
STYLE = {"beaten": "background: #2f4a2f; color: #d8e8d8;", "available": "background: #6a5418; color: #fff4d0; "
         "font-weight: 600;", "locked": "background: #2a2a2e; color: #8a8a90;"}


def foe_state(run: dict, foe_id: str, offered: set[str]) -> str:
    if foe_id in offered:
        return "available"
    return "beaten" if foe_id in run["beaten"] else "locked"


def card_text(run: dict, foe_id: str, state: str, choice: dict | None) -> str:
    """A foe's card: its name and Battle, and what it means to you."""
    lines = [f"<b>{CARDS[foe_id].name}</b>"]
    if state == "beaten":
        lines.append(f"✓ beaten in Battle {run['beaten'].index(foe_id) + 1}")
    elif state == "available":
        lines.append(f"Echo {run['echo']} — choose" if run["echo"] else "Available — choose")
    else:
        lines.append("Locked")
    if choice and choice["lacks"]:
        lines.append(f"wields {slot_name(choice['lacks'])}, which you lack")
    elif foe_id in SIX and state != "beaten" and not run["echo"]:
        lines.append(f"wields {slot_name(FOES[foe_id].sig)}")
    pledge = (choice or {}).get("pledge")
    if pledge:
        lines.append(f"pledges you {NAME[pledge]}s, win or lose")
    if state != "beaten" and not pledge:
        lines.append(f"joins: {CARDS[foe_id].joins}")
    return "<br>".join(lines)


class FoeCard(QPushButton):
    """A clickable card whose words wrap (a plain button's text never does)."""

    def __init__(self) -> None:
        super().__init__()
        self.words = QLabel()
        self.words.setWordWrap(True)
        self.words.setAlignment(Qt.AlignCenter)
        self.words.setAttribute(Qt.WA_TransparentForMouseEvents)
        box = QVBoxLayout(self)
        box.setContentsMargins(6, 4, 6, 4)
        box.addWidget(self.words)

    def text(self) -> str:
        return self.words.text()

    def setText(self, text: str) -> None:
        self.words.setText(text)


class MapScreen(QWidget):
    """`picked(foe_id)` when an available foe is clicked."""

    picked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        box = QVBoxLayout(self)
        box.setContentsMargins(24, 16, 24, 16)
        box.addWidget(title_label("Choose your next foe", 18))
        self.status = QLabel()
        self.status.setAlignment(Qt.AlignCenter)
        box.addWidget(self.status)
        self.grid = QGridLayout()
        self.grid.setSpacing(8)
        box.addLayout(self.grid, 1)
        self.cards: dict[str, FoeCard] = {}
        for col in range(len(SIX)):
            self.grid.setColumnStretch(col, 1)
        for row, (caption, foes) in enumerate(ROWS):
            self.grid.addWidget(QLabel(caption), row * 2, 0, 1, 6)
            for col, foe_id in enumerate(foes):
                card = FoeCard()
                card.setObjectName(f"foe_{foe_id}")
                card.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
                card.setMinimumHeight(84)
                card.clicked.connect(lambda _=False, f=foe_id: self.picked.emit(f))
                self.cards[foe_id] = card
                self.grid.addWidget(card, row * 2 + 1, col)
        box.addWidget(text_label(PLEDGE_TEXT))
        self.banner = text_label("")
        box.addWidget(self.banner)

    def show_run(self, run: dict) -> None:
        choices = {c["id"]: c for c in R.foe_choices(run)}
        self.status.setText(status_line(run))
        self.banner.setText(banner_line(run["banner"]))
        for foe_id, card in self.cards.items():
            state = foe_state(run, foe_id, set(choices))
            card.setText(card_text(run, foe_id, state, choices.get(foe_id)))
            card.setEnabled(state == "available")
            card.setStyleSheet(f"QPushButton {{ {STYLE[state]} border-radius: 6px; }} QLabel {{ {STYLE[state]} }}")
            card.setToolTip(CARDS[foe_id].trick)
