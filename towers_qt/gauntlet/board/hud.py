"""The HUD above the field and the two bars below it: whose turn, round, AP (and Gold's +1 token),
Supply bank and afield count, Control Posts; the action bar (what the selected piece may do, with
AP costs; hovering one previews it) and the roster (Deploy from your Home Row)."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from towers_core.gauntlet.stats import afield
from towers_core.gauntlet.units import DRAFT_UNITS, SUPPLY_CAP, UNITS
from towers_qt.gauntlet.words import GLYPH, NAME, SIDE_WORD, action_words
from towers_qt.shell.look import GOLD, INK, MUTED

MAX_BUTTONS = 40  # the bar lists at most this many; the board's lit tiles narrow the rest


def posts(view: dict, side: str) -> list[str]:
    """`side`'s completed Control Posts on Control Tiles (each +1 AP a turn)."""
    return sorted(t for t, q in view["pieces"].items()
                  if q["side"] == side and q["type"] == "Cp" and not q["site"] and t in view["control_tiles"])


class GauntletHud(QWidget):
    """Whose turn and the viewer's economy; the token, End turn and Resign buttons."""

    token_clicked = Signal()
    end_clicked = Signal()
    resign_clicked = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("GauntletHud")
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 2, 4, 2)
        self.turn_label = QLabel()
        self.turn_label.setStyleSheet(f"color: {GOLD}; font-size: 13pt; font-weight: bold;")
        self.economy = QLabel()
        self.economy.setStyleSheet(f"color: {INK};")
        self.economy.setWordWrap(True)
        self.economy.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.token_button = QPushButton("+1 AP token")
        self.token_button.setToolTip("Gold's one-time token: +1 AP now (once per Battle)")
        self.end_button = QPushButton("End turn")
        self.end_button.setObjectName("endTurn")
        self.resign_button = QPushButton("Resign")
        self.token_button.clicked.connect(self.token_clicked)
        self.end_button.clicked.connect(self.end_clicked)
        self.resign_button.clicked.connect(self.resign_clicked)
        row.addWidget(self.turn_label)
        row.addWidget(self.economy, 1)
        for b in (self.token_button, self.end_button, self.resign_button):
            row.addWidget(b)

    def update_from(self, view: dict, viewer: str, names: dict[str, str], legal: list[str], thinking: bool) -> None:
        mover = view["to_move"]
        rnd = (view["turn"] + 1) // 2
        if view["result"] is not None:
            who = view["result"]["winner"]
            head = "Battle over" + (f" — {names[who]} wins" if who else "")
        elif thinking:
            head = "The computer is thinking…"
        elif mover == viewer:
            head = "Your turn" if names[viewer] == "You" else f"{names[viewer]}, your turn"
        else:
            head = f"{names[mover]} to move"
        self.turn_label.setText(head)
        bits = [f"Round {rnd} · turn {view['turn']}", f"{SIDE_WORD[viewer]} (you)"]
        if mover == viewer and view["result"] is None:
            bits.append(f"AP {view['ap']}")
        if viewer == "G":
            bits.append("+1 AP token ready" if view["token"] else "token used")
        bits.append(f"Supply {view['supply'][viewer]} · afield {afield(view, viewer)}/{SUPPLY_CAP}")
        held = posts(view, viewer)
        bits.append(f"Control Posts {len(held)}" + (f" ({', '.join(held)})" if held else ""))
        self.economy.setText("  ·  ".join(bits))
        self.token_button.setVisible(viewer == "G")
        self.token_button.setEnabled("+ap" in legal)
        self.end_button.setEnabled("end" in legal)
        self.resign_button.setEnabled(bool(legal))


class _HoverFilter(QObject):
    """Reports the pointer entering and leaving a bar's buttons (the preview follows it)."""

    def __init__(self, bar: ActionBar) -> None:
        super().__init__(bar)
        self.bar = bar

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Enter:
            self.bar.hovered.emit(obj.property("action"))
        elif event.type() == QEvent.Leave:
            self.bar.hovered.emit("")
        return False


class ActionBar(QWidget):
    """The selected piece's actions as buttons (words and AP cost), and one line of news: the
    preview of the hovered action or why the last one was refused."""

    chosen = Signal(str)
    hovered = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("GauntletActionBar")
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 0, 4, 0)
        box.setSpacing(2)
        self.news = QLabel()
        self.news.setObjectName("gauntletNews")
        self.news.setWordWrap(True)
        self.news.setStyleSheet(f"color: {INK};")
        self.news.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.row = QWidget()
        self.flow = QHBoxLayout(self.row)
        self.flow.setContentsMargins(0, 0, 0, 0)
        self.flow.setSpacing(4)
        scroll = QScrollArea()
        scroll.setWidget(self.row)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.NoFrame)
        scroll.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        scroll.setFixedHeight(48)
        box.addWidget(self.news)
        box.addWidget(scroll)
        self._filter = _HoverFilter(self)
        self.buttons: list[QPushButton] = []

    def set_actions(self, actions: list[str], pieces: dict, hint: str) -> None:
        for b in self.buttons:
            b.hide()
            b.deleteLater()
        self.buttons = []
        while self.flow.count():
            self.flow.takeAt(0)
        if not actions:
            label = QLabel(hint)
            label.setStyleSheet(f"color: {MUTED}; font-style: italic;")
            label.setWordWrap(True)
            label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
            self.flow.addWidget(label, 1)
            self.buttons.append(label)
            return
        for action in actions[:MAX_BUTTONS]:
            b = QPushButton(f"{action_words(action, pieces)} · {cost(action)}")
            b.setProperty("action", action)
            b.setToolTip(action)
            b.clicked.connect(lambda _=False, a=action: self.chosen.emit(a))
            b.installEventFilter(self._filter)
            self.flow.addWidget(b)
            self.buttons.append(b)
        self.flow.addStretch(1)

    def action_buttons(self) -> list[QPushButton]:
        return [b for b in self.buttons if isinstance(b, QPushButton)]


def cost(action: str) -> str:
    """What an action costs (§4.4): a deploy 1 AP + Supply; token, end, placement nothing; else 1 AP."""
    if action in ("end", "+ap") or "+" in action:
        return "free"
    head = action.split("@")[0]
    if "@" in action and head in UNITS:
        return f"1 AP + {UNITS[head].supply} Supply"
    return "1 AP"


class RosterBar(QWidget):
    """Deploy from your Home Row: one button per drafted unit type with its Supply cost."""

    picked = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("GauntletRoster")
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 0, 4, 0)
        title = QLabel("Deploy:")
        title.setStyleSheet(f"color: {MUTED};")
        row.addWidget(title)
        self.buttons: dict[str, QPushButton] = {}
        for code in DRAFT_UNITS:
            b = QPushButton(f"{GLYPH[code]} {NAME[code]} · {UNITS[code].supply}")
            b.setToolTip(f"Deploy a {NAME[code]} on an empty tile of your Home Row: 1 AP + {UNITS[code].supply} Supply;"
                         " it arrives exhausted")
            b.setObjectName(f"deploy{code}")
            b.clicked.connect(lambda _=False, c=code: self.picked.emit(c))
            row.addWidget(b)
            self.buttons[code] = b
        row.addStretch(1)

    def update_from(self, army: dict, legal: list[str]) -> None:
        for code, b in self.buttons.items():
            slot = army.get(code)
            b.setVisible(isinstance(slot, dict) and slot["in"])
            b.setEnabled(any(a.startswith(code + "@") and a.count("+") == 0 for a in legal))
        self.setVisible(any(b.isVisibleTo(self) for b in self.buttons.values()))
        for number, b in enumerate(self.shown(), 1):
            b.setText(f"{number}  {GLYPH[b.objectName()[6:]]} {NAME[b.objectName()[6:]]} · "
                      f"{UNITS[b.objectName()[6:]].supply}")

    def shown(self) -> list[QPushButton]:
        """The buttons of the drafted unit types, in order: keys 1–9 pick them."""
        return [b for b in self.buttons.values() if not b.isHidden()]

    def pick_number(self, number: int) -> bool:
        """Key `number` (1–9): deploy the type of that button, if it can be deployed now."""
        shown = self.shown()
        if not 1 <= number <= len(shown) or not shown[number - 1].isEnabled():
            return False
        shown[number - 1].click()
        return True
