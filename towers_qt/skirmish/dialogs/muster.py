"""Muster: choose the cards of your barrack within the troop budget (RULES §3).

The dialog only adds up troops for display; whether a muster is legal is asked of
towers_core.skirmish.api.validate_muster, so the rule itself lives in one place.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from towers_core.board import SIDE_NAMES
from towers_core.skirmish import api
from towers_qt.shell.elided import ElidedLabel, wrap_twice
from towers_qt.shell.fit import SMALL_SCREEN, fit_to_screen, scrolling
from towers_qt.shell.look import (
    EDGE,
    GOLD,
    INK,
    MUTED,
    PANEL,
    WARN,
    heading,
    muted,
    primary,
    secondary,
)
from towers_qt.skirmish.board.emblem import card_pixmap
from towers_qt.shell.palette import SIDE_TEXT
from towers_qt.shell.settings import Settings

# Hand-picked musters, each within 100 troops (tests check them with api.validate_muster).
PRESETS: dict[str, list[str]] = {
    # 97 troops: a bit of everything; Squires and Archers feed the Captainlord's knights.
    "balanced": ["Cl", "Kn", "Kn", "La", "Sq", "Sq", "Ar", "Ar", "Ar", "Sp", "Sp", "Sp",
                 "Sc", "Sc"],
    # 99 troops: the heavy hitters, with Archers and Squires to push attacks over the line.
    "aggressive": ["Sh", "Cl", "Kn", "Kn", "La", "Sq", "Sq", "Ar", "Ar", "Ar", "Sc"],
    # 97 troops: many bodies, every Spearman to brace, the Soulcaster as a counter-punch.
    "defensive": ["Kn", "Kn", "Kn", "Sq", "Sq", "Ar", "Ar", "Ar", "Sp", "Sp", "Sp", "Sp",
                  "Sc", "Sc", "So"],
}
PRESET_TEXT = {
    "balanced": "A bit of everything around the Captainlord.",
    "aggressive": "Shardbearer and Captainlord up front, Archers behind.",
    "defensive": "Every Spearman, many bodies, a Soulcaster.",
}
ORDER = ("K", "Sh", "Cl", "Kn", "La", "Sq", "Ar", "Sp", "Sc", "So")
EMBLEM = 34
COLUMNS = {"might": 56, "troops": 64, "move": 92, "count": 118}
PREFERRED = QSize(1100, 1000)  # wide enough for most abilities on two lines; fit_to_screen bounds it


def card_tooltip(code: str, info: dict) -> str:
    """Full card text for hovering: the name, its numbers and the whole ability."""
    troops = "free" if not info.get("troops") else f"{info['troops']} troops"
    rank = "—" if code == "K" else info.get("rank")
    return (f"<p style='white-space:pre-wrap'><b>{info['name']}</b> ({code})<br>"
            f"Might {rank} · {troops} · moves {info['move']} · {info['count']} in the pool</p>"
            f"<p>{info['ability']}</p>")


class AbilityLabel(ElidedLabel):
    """The card's name in bold, then its ability, on two lines ending in "…" where there is no room
    (the row's tooltip holds the whole card)."""

    def __init__(self, name: str, ability: str) -> None:
        self.name = name
        super().__init__(f"{name} — {ability}", min_width=220, max_hint=560, wrap=True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setStyleSheet(f"color: {MUTED};")
        self.setFixedHeight(2 * QFontMetrics(self.font()).lineSpacing() + 4)

    def _elide(self) -> None:
        metrics = QFontMetrics(self.font())
        bold_extra = len(self.name) + 4  # the bold name is wider than the plain one measured
        lines = wrap_twice(self.full_text, self.contentsRect().width() - bold_extra, metrics).split("\n")
        rest = lines[0][len(self.name):]
        shown = [f"<b style='color:{INK}'>{self.name}</b>{rest}"] + lines[1:]
        QLabel.setText(self, "<br>".join(shown))


class CardRow(QFrame):
    """One card of the pool: emblem, name, numbers, and -/+ for how many to muster."""

    changed = Signal()

    def __init__(self, code: str, info: dict, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.code, self.info, self.limit, self.count = code, info, int(info["count"]), 0
        self.setObjectName("musterRow")
        self.setToolTip(card_tooltip(code, info))
        self.setStyleSheet(f"#musterRow {{ background: {PANEL}; border: 1px solid {EDGE};"
                           f" border-radius: 6px; }} #musterRow QLabel {{ background: transparent;"
                           f" border: none; }}")
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 3, 10, 3)
        row.setSpacing(12)
        emblem = QLabel()
        emblem.setPixmap(card_pixmap(code, EMBLEM, self.devicePixelRatioF()))
        row.addWidget(emblem)
        self.ability = AbilityLabel(info["name"], info["ability"])
        row.addWidget(self.ability, 1)
        rank = "—" if code == "K" else str(info["rank"])
        troops = "free" if code == "K" else str(info["troops"])
        for text, key in ((rank, "might"), (troops, "troops"), (_move_text(info["move"]), "move")):
            row.addWidget(_cell(text, COLUMNS[key]))
        row.addWidget(self._counter())
        self.refresh()

    def _counter(self) -> QWidget:
        box = QWidget()
        box.setStyleSheet("background: transparent;")
        box.setFixedWidth(COLUMNS["count"])
        layout = QHBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.minus, self.plus = _step_button("−"), _step_button("+")
        self.minus.setToolTip(f"One {self.info['name']} fewer")
        self.plus.setToolTip(f"One {self.info['name']} more")
        self.minus.clicked.connect(lambda: self.set_count(self.count - 1))
        self.plus.clicked.connect(lambda: self.set_count(self.count + 1))
        self.count_label = QLabel()
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.count_label.setMinimumWidth(44)
        layout.addWidget(self.minus)
        layout.addWidget(self.count_label, 1)
        layout.addWidget(self.plus)
        if self.code == "K":
            self.minus.hide()
            self.plus.hide()
        return box

    def set_count(self, count: int) -> None:
        """Set how many are mustered, clamped to the pool; emits changed when it moves."""
        count = max(0, min(self.limit, count))
        if self.code == "K" or count == self.count:
            return
        self.count = count
        self.refresh()
        self.changed.emit()

    def refresh(self) -> None:
        if self.code == "K":
            self.count_label.setText("always")
            self.count_label.setStyleSheet(f"color: {GOLD}; font-style: italic;")
            return
        self.minus.setEnabled(self.count > 0)
        self.plus.setEnabled(self.count < self.limit)
        color = GOLD if self.count else MUTED
        self.count_label.setText(f"<span style='color:{color}; font-size:13pt'><b>{self.count}"
                                 f"</b></span><span style='color:{MUTED}'> / {self.limit}</span>")


class MusterDialog(QDialog):
    """Pick a barrack within the troop budget; muster() gives the codes (King included)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None, side: str = "S", name: str | None = None,
                 initial: list[str] | None = None, settings: Settings | None = None,
                 card_info: dict | None = None,
                 validate: Callable[[list[str]], list[str]] | None = None) -> None:
        super().__init__(parent)
        self.card_info = card_info if card_info is not None else api.CARD_INFO
        self.validate = validate if validate is not None else api.validate_muster
        self.budget = api.BUDGET
        self.side, self.settings, self.preset = side, settings, None
        self.setObjectName("musterDialog")
        self.setWindowTitle(f"Muster — {name or SIDE_NAMES.get(side, side)}")
        self._build(name)
        self.setMinimumWidth(min(760, SMALL_SCREEN.width()))
        self.set_cards(self._initial(initial))
        self.resize(PREFERRED)
        fit_to_screen(self)

    # -- construction ---------------------------------------------------------------------
    def _build(self, name: str | None) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(26, 18, 26, 14)
        layout.setSpacing(6)
        who = name or SIDE_NAMES.get(self.side, self.side)
        layout.addWidget(heading(f"Muster — {who}", color=SIDE_TEXT.get(self.side, GOLD)))
        layout.addWidget(muted(f"Choose your barrack: up to {self.budget} troops. The King is "
                               "free and always comes. Hover a card for its full ability."))
        layout.addLayout(self._counter_bar())
        layout.addWidget(_header())
        self.rows: dict[str, CardRow] = {}
        table = QWidget()
        rows = QVBoxLayout(table)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.setSpacing(4)
        for code in [c for c in ORDER if c in self.card_info] + sorted(
                set(self.card_info) - set(ORDER)):
            row = CardRow(code, self.card_info[code])
            row.changed.connect(self._refresh)
            self.rows[code] = row
            rows.addWidget(row)
        self.table = scrolling(table)  # the card rows scroll on a short screen; the buttons stay
        layout.addWidget(self.table, 1)
        layout.addLayout(self._preset_bar())
        layout.addWidget(self._buttons())

    def _counter_bar(self) -> QHBoxLayout:
        bar = QHBoxLayout()
        bar.setSpacing(14)
        self.troop_label = QLabel()
        self.troop_label.setObjectName("troopCounter")
        self.troop_bar = QProgressBar()
        self.troop_bar.setTextVisible(False)
        self.troop_bar.setFixedHeight(12)
        self.troop_bar.setRange(0, self.budget)
        self.cards_label = QLabel()
        self.cards_label.setStyleSheet(f"color: {MUTED};")
        bar.addWidget(self.troop_label)
        bar.addWidget(self.troop_bar, 1)
        bar.addWidget(self.cards_label)
        return bar

    def _preset_bar(self) -> QHBoxLayout:
        bar = QHBoxLayout()
        bar.setSpacing(8)
        label = QLabel("Presets")
        label.setStyleSheet(f"color: {MUTED};")
        bar.addWidget(label)
        self.preset_buttons: dict[str, QPushButton] = {}
        for preset in PRESETS:
            button = secondary(QPushButton(preset.capitalize()))
            button.setCheckable(True)
            button.setToolTip(PRESET_TEXT[preset])
            button.clicked.connect(lambda _=False, p=preset: self.apply_preset(p))
            self.preset_buttons[preset] = button
            bar.addWidget(button)
        bar.addStretch(1)
        self.clear_button = secondary(QPushButton("Clear"))
        self.clear_button.setToolTip("King only: an empty muster is legal.")
        self.clear_button.clicked.connect(self.clear)
        bar.addWidget(self.clear_button)
        return bar

    def _buttons(self) -> QWidget:
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.addButton("Muster", QDialogButtonBox.ButtonRole.AcceptRole)
        primary(self.ok_button)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.problem = QLabel()
        self.problem.setObjectName("musterProblem")
        self.problem.setStyleSheet(f"color: {WARN}; font-weight: bold;")
        footer = QWidget()
        row = QHBoxLayout(footer)
        row.setContentsMargins(0, 6, 0, 0)
        row.addWidget(self.problem, 1)
        row.addWidget(self.buttons)
        return footer

    def _initial(self, initial: list[str] | None) -> list[str]:
        if initial is not None:
            return initial
        if self.settings is not None:
            last = self.settings.last_muster(self.side)
            if last is not None:
                self.preset = self.settings.muster_preset(self.side)
                return last
        self.preset = "balanced"
        return PRESETS["balanced"]

    # -- state ----------------------------------------------------------------------------
    def selected(self) -> list[str]:
        """Chosen codes without the King, in pool order."""
        return [code for code, row in self.rows.items() if code != "K" for _ in range(row.count)]

    def total_troops(self) -> int:
        return sum(int(self.card_info[c]["troops"] or 0) for c in self.selected())

    def set_cards(self, cards: list[str]) -> None:
        """Show exactly these cards (the King is implied; unknown codes are ignored)."""
        counts = Counter(cards)
        for code, row in self.rows.items():
            row.blockSignals(True)
            row.set_count(counts.get(code, 0))
            row.blockSignals(False)
        self._refresh(keep_preset=True)

    def apply_preset(self, preset: str) -> None:
        self.set_cards(PRESETS[preset])
        self.preset = preset
        self._refresh(keep_preset=True)

    def clear(self) -> None:
        self.set_cards([])

    def problem_text(self) -> str:
        """Why the muster cannot be accepted ('' when it can)."""
        try:
            self.validate(self.selected())
        except ValueError as error:
            over = self.total_troops() - self.budget
            return f"Over budget by {over} troops" if over > 0 else str(error)
        return ""

    def _refresh(self, keep_preset: bool = False) -> None:
        if not keep_preset:
            self.preset = None
        total, problem = self.total_troops(), self.problem_text()
        self.problem.setText(problem)
        self.ok_button.setEnabled(not problem)
        self._show_total(total, over=total > self.budget)
        count = len(self.selected())
        self.cards_label.setText(f"{count} card{'s' if count != 1 else ''} + King")
        for name, button in self.preset_buttons.items():
            button.setChecked(name == self.preset)
        self.changed.emit()

    def _show_total(self, total: int, over: bool) -> None:
        color = WARN if over else GOLD
        self.troop_label.setText(
            f"<span style='color:{color}; font-size:18pt; font-weight:bold'>{total}</span>"
            f"<span style='color:{MUTED}; font-size:12pt'> / {self.budget} troops</span>")
        self.troop_bar.setValue(min(total, self.budget))
        self.troop_bar.setStyleSheet(
            f"QProgressBar {{ background: {PANEL}; border: 1px solid {EDGE}; border-radius: 6px; }}"
            f" QProgressBar::chunk {{ background: {color}; border-radius: 5px; }}")

    # -- result ---------------------------------------------------------------------------
    def muster(self) -> list[str]:
        """The accepted muster as api.validate_muster returns it: sorted, King included."""
        return self.validate(self.selected())

    def accept(self) -> None:
        if self.problem_text():
            return
        if self.settings is not None:
            self.settings.set_last_muster(self.side, self.selected())
            self.settings.set_muster_preset(self.side, self.preset)
        super().accept()


def _move_text(move: str) -> str:
    return str(move).replace("-", "–")


def _cell(text: str, width: int) -> QLabel:
    label = QLabel(text)
    label.setFixedWidth(width)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    label.setStyleSheet(f"color: {INK}; font-size: 11pt;")
    return label


def _step_button(text: str) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.setFixedSize(30, 30)
    button.setAutoRepeat(False)
    button.setStyleSheet(
        f"QToolButton {{ background: #3a3024; color: {INK}; border: 1px solid {EDGE};"
        f" border-radius: 15px; font-size: 14pt; font-weight: bold; }}"
        f" QToolButton:hover {{ border-color: {GOLD}; color: {GOLD}; }}"
        f" QToolButton:disabled {{ color: #5d5240; border-color: #3a3024; }}")
    return button


def _header() -> QWidget:
    """Column titles above the rows, aligned with CardRow's fixed columns."""
    header = QWidget()
    row = QHBoxLayout(header)
    row.setContentsMargins(8, 0, 10, 0)
    row.setSpacing(12)
    spacer = QLabel("Card")
    spacer.setContentsMargins(EMBLEM + 12, 0, 0, 0)
    row.addWidget(spacer, 1)
    for text, key in (("Might", "might"), ("Troops", "troops"), ("Moves", "move"),
                      ("Muster", "count")):
        row.addWidget(_cell(text, COLUMNS[key]))
    for label in header.findChildren(QLabel):
        label.setStyleSheet(f"color: {MUTED}; font-size: 9pt; text-transform: uppercase;")
    return header
