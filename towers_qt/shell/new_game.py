"""New game options of every game: who plays, how strong the computer is, who starts, and (where
luck plays a part) the seed that replays it. A game says how its sides are called and whether its
colour decides who starts (when one colour always moves first) through `Sides`."""
from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from towers_core.board import SIDE_NAMES
from towers_qt.shell.look import (
    form_label,
    heading,
    muted,
    primary,
    secondary,
)
from towers_qt.shell.palette import SIDE_TEXT
from towers_qt.shell.players import other
from towers_qt.shell.settings import LEVELS, Settings

MAX_SEED = 2**63 - 1
LEVEL_TEXT = {
    "easy": "Easy — a gentle opponent",
    "normal": "Normal — plays soundly",
    "hard": "Hard — searches deeper",
    "expert": "Expert — the strongest search",
}
FIRST_TEXT = {"you": "You", "computer": "The computer", "random": "Random"}
# The chosen mode filled in gold, the other plain: which one is on reads at a glance.
MODE_STYLE = ("QPushButton#modeButton { background: transparent; color: #b9ab95; border: 1px solid #6b5a43; }"
              " QPushButton#modeButton:hover { border-color: #c9a24a; }"
              " QPushButton#modeButton:checked { background: #c9a24a; color: #221d19; border-color: #e0bf6c;"
              " font-weight: bold; }")


@dataclass(frozen=True)
class Sides:
    """How a game presents its sides in the dialog."""

    game: str = ""  # named in the heading when the app has several games
    names: tuple[str, str] = (SIDE_NAMES["S"], SIDE_NAMES["N"])
    seeded: bool = True          # a seed (terrain, shuffles) to show and type in
    first_by_colour: bool = False  # S always moves first: the colour choice says who starts
    time_caps: tuple[tuple[str, int], ...] = ()  # (level, the computer's clock cap in ms) from the game's core
    modes: tuple[str, ...] = ("computer", "hotseat")  # the modes offered, in the mode row's order
    human_seats: tuple[str, ...] = ("S", "N")  # the seats a human may take against the computer
    seat_note: str = ""     # why a human has one seat only (shown under "You play")
    hotseat_note: str = ""  # the game's own word on hot-seat, in place of the shell's
    colours: tuple[str, str] = (SIDE_TEXT["S"], SIDE_TEXT["N"])  # the sides' names are written in these
    # a game's own modes after the two: (key, button text, the page's words); the setup's mode is the key
    extra_modes: tuple[tuple[str, str, str], ...] = ()


class _Capped(Protocol):
    time_ms: int


def level_caps(core_levels: Mapping[str, _Capped]) -> tuple[tuple[str, int], ...]:
    """Sides.time_caps for the levels the dialog offers, from a game's core level table."""
    return tuple((name, core_levels[name].time_ms) for name in LEVELS)


def level_text(level: str, cap_ms: int | None) -> str:
    """A level's line in the dialog, with the longest the computer may think a move when known."""
    text = LEVEL_TEXT[level]
    if not cap_ms:
        return text
    return f"{text} (up to {cap_ms / 1000:g} s a move)"


PLAIN_SIDES = Sides()  # South and North, seeded, the level texts without clock caps


@dataclass
class GameSetup:
    """What the new-game dialog settled.

    mode: "computer" or "hotseat". level: one of settings.LEVELS (vs computer only).
    human_side: "S"/"N" for the human against the computer, None in hot-seat.
    first: "S" or "N", or None to let the seed choose (RULES §3).
    names: {"S": ..., "N": ...} display names of both sides.
    """

    mode: str = "computer"
    level: str = "normal"
    human_side: str | None = "S"
    first: str | None = None
    seed: int = 0
    names: dict[str, str] = field(default_factory=lambda: dict(SIDE_NAMES))

    @property
    def ai_side(self) -> str | None:
        """The side the computer plays, None in hot-seat."""
        if self.mode != "computer" or self.human_side is None:
            return None
        return other(self.human_side)


def random_seed() -> int:
    """A fresh seed, short enough to read out or type back in."""
    return random.SystemRandom().randrange(1, 10**9)


class NewGameDialog(QDialog):
    """Asks for a GameSetup; remembers the choices in Settings for next time."""

    def __init__(self, parent: QWidget | None = None, settings: Settings | None = None,
                 seed: int | None = None, sides: Sides = PLAIN_SIDES) -> None:
        super().__init__(parent)
        self.sides = sides
        self.setObjectName("newGameDialog")
        self.setWindowTitle(f"New game of {sides.game}" if sides.game else "New game")
        self.settings = settings
        self._build()
        self._load(seed)

    # -- construction ---------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(28, 24, 28, 20)
        layout.setSpacing(14)
        title = heading(f"New game of {self.sides.game}" if self.sides.game else "New game")
        layout.addWidget(title)
        self.setMinimumWidth(max(540, title.sizeHint().width() + 56))  # the game's name whole
        layout.addLayout(self._mode_row())
        self.pages = QStackedWidget()
        self.pages.addWidget(self._computer_page())
        self.pages.addWidget(self._hotseat_page())
        for _key, _text, words in self.sides.extra_modes:
            page = QWidget()
            _form(page).addRow(muted(words))
            self.pages.addWidget(page)
        layout.addWidget(self.pages)
        seed_row = QWidget()
        self._seed_form(seed_row)
        rule = _rule()
        layout.addWidget(rule)
        layout.addWidget(seed_row)
        self.seed_widgets = (rule, seed_row)
        layout.addStretch(1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.start_button = self.buttons.addButton("Start", QDialogButtonBox.ButtonRole.AcceptRole)
        primary(self.start_button)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._show_seed(self.sides.seeded)

    def _mode_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(10)
        self.vs_computer = QPushButton("Against the computer")
        self.hotseat = QPushButton("Two players, one device")
        self.mode_group = QButtonGroup(self)
        for index, button in enumerate((self.vs_computer, self.hotseat)):
            button.setVisible(("computer", "hotseat")[index] in self.sides.modes)
            secondary(button).setCheckable(True)
            button.setObjectName("modeButton")
            button.setMinimumHeight(40)
            button.setStyleSheet(MODE_STYLE)
            self.mode_group.addButton(button, index)
            row.addWidget(button)
        for index, (key, text, _words) in enumerate(self.sides.extra_modes, start=2):
            button = secondary(QPushButton(text))
            button.setCheckable(True)
            button.setObjectName("modeButton")
            button.setProperty("mode", key)
            button.setMinimumHeight(40)
            button.setStyleSheet(MODE_STYLE)
            self.mode_group.addButton(button, index)
            row.addWidget(button)
        self.mode_group.idToggled.connect(self._mode_toggled)
        return row

    def _computer_page(self) -> QWidget:
        page = QWidget()
        form = _form(page)
        self.level = QComboBox()
        caps = dict(self.sides.time_caps)
        for level in LEVELS:
            self.level.addItem(level_text(level, caps.get(level)), level)
        form.addRow(form_label("Level"), self.level)
        south, north = self.sides.names
        if self.sides.first_by_colour:
            south, north = f"{south} (moves first)", f"{north}"
        self.side_group, side_row = _radio_row(
            self, [("S", south, self.sides.colours[0]), ("N", north, self.sides.colours[1])])
        form.addRow(form_label("You play"), side_row)
        for button in self.side_group.buttons():
            offered = button.property("key") in self.sides.human_seats
            button.setVisible(offered)
            button.setToolTip(self.sides.seat_note)
        if self.sides.seat_note:
            form.addRow(muted(self.sides.seat_note))
        self.first_group, first_row = _radio_row(
            self, [(key, text, None) for key, text in FIRST_TEXT.items()])
        _optional_row(form, "First move", first_row, not self.sides.first_by_colour)
        _random_tip(self.first_group)
        self.human_name = QLineEdit()
        self.human_name.setPlaceholderText("You")
        self.human_name.setMaxLength(24)
        form.addRow(form_label("Your name"), self.human_name)
        return page

    def _hotseat_page(self) -> QWidget:
        page = QWidget()
        form = _form(page)
        south, north = self.sides.names
        self.name_s = _name_edit(south)
        self.name_n = _name_edit(north)
        form.addRow(form_label(south, self.sides.colours[0]), self.name_s)
        form.addRow(form_label(north, self.sides.colours[1]), self.name_n)
        self.hot_first_group, first_row = _radio_row(
            self, [("S", south, self.sides.colours[0]), ("N", north, self.sides.colours[1]),
                   ("random", "Random", None)])
        _optional_row(form, "First move", first_row, not self.sides.first_by_colour)
        if self.sides.hotseat_note:
            form.addRow(muted(self.sides.hotseat_note))
        elif self.sides.first_by_colour:
            form.addRow(muted(f"{south} moves first. Nothing is hidden: play in turns on this device."))
        else:
            form.addRow(muted("Hide the screen between turns: a curtain asks you to pass the device."))
        _random_tip(self.hot_first_group)
        return page

    def _seed_form(self, page: QWidget) -> QFormLayout:
        """The seed's row, in a form of the pages' margins so its label lines up with theirs."""
        form = _form(page)
        row = QHBoxLayout()
        self.seed_edit = QLineEdit()
        self.seed_edit.setObjectName("seedEdit")
        self.seed_edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{1,19}")))
        self.seed_edit.setToolTip("The same seed gives the same terrain, shuffles and first player.")
        self.seed_edit.textChanged.connect(self._seed_changed)
        self.new_seed_button = secondary(QPushButton("New seed"))
        self.new_seed_button.clicked.connect(self.new_seed)
        row.addWidget(self.seed_edit, 1)
        row.addWidget(self.new_seed_button)
        form.addRow(form_label("Seed"), row)
        form.addRow(form_label(""), muted("Enter a seed from an earlier game to replay its terrain and luck."))
        return form

    # -- state ----------------------------------------------------------------------------
    def _load(self, seed: int | None) -> None:
        s = self.settings
        mode = s.mode() if s else "computer"
        mode = mode if mode in self.sides.modes else self.sides.modes[0]
        (self.hotseat if mode == "hotseat" else self.vs_computer).setChecked(True)
        self._mode_toggled(self.mode_group.checkedId(), True)
        self.level.setCurrentIndex(LEVELS.index(s.level() if s else "normal"))
        seat = s.human_side() if s else "S"
        _check(self.side_group, seat if seat in self.sides.human_seats else self.sides.human_seats[0])
        _check(self.first_group, s.first_choice() if s else "random")
        _check(self.hot_first_group, "random")
        if s:
            self.human_name.setText(s.human_name() if s.human_name() != "You" else "")
            for edit, side in ((self.name_s, "S"), (self.name_n, "N")):
                name = s.player_name(side)
                edit.setText("" if name in SIDE_NAMES.values() else name)  # a game's side names: placeholders
        self.set_seed(seed if seed is not None else random_seed())

    def _mode_toggled(self, button_id: int, checked: bool) -> None:
        if checked:
            self.pages.setCurrentIndex(button_id)
            self._show_seed(self.sides.seeded and button_id < 2)   # an extra mode keeps its own seed

    def _show_seed(self, shown: bool) -> None:
        for widget in self.seed_widgets:
            widget.setVisible(shown)
        self._seed_changed(self.seed_edit.text())

    def _seed_changed(self, text: str) -> None:
        self.start_button.setEnabled(self.seed_widgets[1].isHidden() or self._seed_value(text) is not None)

    @staticmethod
    def _seed_value(text: str) -> int | None:
        if not text.isdigit():
            return None
        value = int(text)
        return value if value <= MAX_SEED else None

    def new_seed(self) -> None:
        """Draw a fresh random seed into the field."""
        self.set_seed(random_seed())

    def set_seed(self, seed: int) -> None:
        self.seed_edit.setText(str(seed))

    def set_mode(self, mode: str) -> None:
        if mode not in self.sides.modes:
            return
        (self.hotseat if mode == "hotseat" else self.vs_computer).setChecked(True)

    # -- result ---------------------------------------------------------------------------
    def setup(self) -> GameSetup:
        """The GameSetup the form describes right now."""
        seed = self._seed_value(self.seed_edit.text()) or 0
        extra = self.mode_group.checkedButton().property("mode")
        if extra:
            return GameSetup(extra, self.level.currentData(), None, None, seed, dict(zip("SN", self.sides.names)))
        if self.mode_group.checkedId() == 1:
            first = self.hot_first_group.checkedButton().property("key")
            names = {"S": self.name_s.text().strip() or self.sides.names[0],
                     "N": self.name_n.text().strip() or self.sides.names[1]}
            first = "S" if self.sides.first_by_colour else first
            return GameSetup("hotseat", self.level.currentData(), None,
                             None if first == "random" else first, seed, names)
        side = self.side_group.checkedButton().property("key")
        choice = self.first_group.checkedButton().property("key")
        first = "S" if self.sides.first_by_colour else {"you": side, "computer": other(side)}.get(choice)
        level = self.level.currentData()
        names = {side: self.human_name.text().strip() or "You",
                 other(side): f"Computer ({level})"}
        return GameSetup("computer", level, side, first, seed, names)

    def accept(self) -> None:
        if self.settings is not None and self.setup().mode in ("computer", "hotseat"):
            self._remember(self.setup())
        super().accept()

    def _remember(self, setup: GameSetup) -> None:
        s = self.settings
        s.set_mode(setup.mode)
        s.set_last_seed(setup.seed)
        if setup.mode == "computer":
            s.set_level(setup.level)
            if len(self.sides.human_seats) > 1:  # a game with one seat leaves the others' choice alone
                s.set_human_side(setup.human_side)
            s.set_first_choice(self.first_group.checkedButton().property("key"))
            s.set_human_name(self.human_name.text())
        else:
            s.set_player_names({"S": self.name_s.text(), "N": self.name_n.text()})  # typed names only


def _form(page: QWidget) -> QFormLayout:
    form = QFormLayout(page)
    form.setContentsMargins(0, 8, 0, 0)
    form.setHorizontalSpacing(16)
    form.setVerticalSpacing(12)
    return form


def _radio_row(owner: QWidget, items: list[tuple[str, str, str | None]]
               ) -> tuple[QButtonGroup, QWidget]:
    """Radio buttons carrying a "key" property, laid out in a row."""
    group = QButtonGroup(owner)
    row = QWidget()
    box = QHBoxLayout(row)
    box.setContentsMargins(0, 0, 0, 0)
    box.setSpacing(18)
    for key, text, color in items:
        button = QRadioButton(text)
        button.setProperty("key", key)
        if color:
            button.setStyleSheet(f"QRadioButton {{ color: {color}; font-weight: bold; }}")
        group.addButton(button)
        box.addWidget(button)
    box.addStretch(1)
    return group, row


def _optional_row(form: QFormLayout, label: str, row: QWidget, shown: bool) -> None:
    """A form row a game may not need (kept, hidden, so its buttons still hold a value)."""
    text = form_label(label)
    form.addRow(text, row)
    text.setVisible(shown)
    row.setVisible(shown)


def _check(group: QButtonGroup, key: str) -> None:
    for button in group.buttons():
        if button.property("key") == key:
            button.setChecked(True)
            return
    group.buttons()[0].setChecked(True)


def _random_tip(group: QButtonGroup) -> None:
    for button in group.buttons():
        if button.property("key") == "random":
            button.setToolTip("The seed decides, so replaying the seed replays the first move too.")


def _name_edit(placeholder: str) -> QLineEdit:
    edit = QLineEdit()
    edit.setPlaceholderText(placeholder)
    edit.setMaxLength(24)
    return edit


def _rule() -> QFrame:
    line = QFrame()
    line.setFrameShape(QFrame.Shape.HLine)
    line.setObjectName("dialogRule")
    return line
