"""The Draft (§11): your King plus exactly 5 of the 7 unit types, 100 Gold of Armory perks and 8
Tomes of Research (one path per unit type forever; a structure's Research 2 Tomes, at most 2).

One compact row per slot (its token drawn, so no glyph depends on the font), running totals with
what is left, the effect of the slot and of each of its choices in the seed's words beside the
table, and a choice the budget forbids springs back with the core's reason. Gold first names one
Crimson slot; the report stays framed at the top while Gold drafts."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from towers_core.errors import TowersError
from towers_core.gauntlet import api
from towers_core.gauntlet.draft import budget
from towers_core.gauntlet.units import DRAFT_TYPES, DRAFT_UNITS, GOLD_BUDGET, PERKS, SLOTS, STRUCTURES, TOME_BUDGET
from towers_qt.gauntlet.board.pieces import slot_icon
from towers_qt.gauntlet.words import NAME, PATH_NAME, PATH_TEXT, PERK_NAME, PERK_TEXT, SIDE_WORD, SLOT_TEXT, paths, \
    stats_line
from towers_qt.shell.fit import fit_to_screen, scrolling
from towers_qt.shell.look import EDGE, GOLD, INK, MUTED, PANEL, WARN, heading, muted, primary

INTRO = ("Your King plus 5 of the 7 unit types, 100 Gold of Armory upgrades (structure perks 30 each), and 8 Tomes "
         "of Research (one per unit; structures 2 Tomes, at most 2 structures). Unspent Gold and Tomes are lost.")
SCOUT_SLOTS = SLOTS[:8]
SCOUT_ASK = "Gold scouts one Crimson unit before building: name a slot and read what Crimson drafted there."
ICON = 20
ROOM_FOR_TABLE = QSize(1200, 690)  # a screen this wide shows the printed numbers, this tall the whole table


def empty_army() -> dict:
    """The King and the four structures, nothing else: where every Draft starts."""
    return {c: {"in": c == "Ki" or c in STRUCTURES, "r": None, "p": False} for c in SLOTS}


def fixed(code: str) -> bool:
    """The King and the structures are in every army; only the seven unit types are drafted."""
    return code == "Ki" or code in STRUCTURES


def report_text(slot: str, entry: dict) -> str:
    """The scout report of one Crimson slot in words."""
    if not entry["in"]:
        return f"Crimson did not draft the {NAME[slot]}."
    research = f"Research {PATH_NAME[entry['r']]} ({PATH_TEXT[entry['r']]})" if entry["r"] else "no Research"
    perk = PERKS[slot][0]
    armory = f"Armory {PERK_NAME[perk]} ({PERK_TEXT[perk]})" if entry["p"] else "no Armory upgrade"
    return f"Crimson drafted the {NAME[slot]}: {research}; {armory}."


def slot_words(code: str, entry: dict) -> str:
    """A slot and each of its choices in the seed's words (rich text), the chosen ones marked."""
    def mark(text: str, on: bool) -> str:
        return f"<b style='color:{GOLD}'>✔ {text}</b>" if on else text

    options = " or ".join(mark(f"{PATH_NAME[p]} ({PATH_TEXT[p]})", entry["r"] == p) for p in paths(code))
    perk, gold = PERKS[code]
    cost = "2 Tomes" if code in STRUCTURES else "1 Tome"
    return (f"<b>{NAME[code]}</b> — {stats_line(code)}. {SLOT_TEXT[code]}<br>"
            f"<span style='color:{MUTED}'>Research ({cost}):</span> {options}.<br>"
            f"<span style='color:{MUTED}'>Armory ({gold} Gold):</span> "
            f"{mark(f'{PERK_NAME[perk]} ({PERK_TEXT[perk]})', entry['p'])}.")


class _Hover(QObject):
    """Tells the dialog which row the pointer (or the keyboard focus) is on."""

    def __init__(self, dialog: DraftDialog) -> None:
        super().__init__(dialog)
        self.dialog = dialog

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Enter, QEvent.FocusIn):
            self.dialog.show_about(watched.property("slot"))
        return False


class DraftDialog(QDialog):
    """One side's Draft. `crimson` (Gold only) is the sealed Crimson army the scout reads one slot of."""

    def __init__(self, side: str, parent: QWidget | None = None, crimson: dict | None = None,
                 name: str = "") -> None:
        super().__init__(parent)
        self.side, self.crimson = side, crimson
        self.army = empty_army()
        self.scouted: str | None = None
        self.rows: dict[str, tuple[QCheckBox, QComboBox, QCheckBox]] = {}
        self._hover = _Hover(self)
        self.setObjectName("gauntletDraft")
        self.setWindowTitle(f"Draft — {SIDE_WORD[side]}")
        self._build(name or SIDE_WORD[side])
        self.show_about("Ki")
        self._refresh()
        fit_to_screen(self)

    # -- construction -----------------------------------------------------------------------------
    def _build(self, name: str) -> None:
        box = QVBoxLayout(self)
        box.setContentsMargins(18, 12, 18, 10)
        box.setSpacing(6)
        box.addWidget(heading(f"{name} — {SIDE_WORD[self.side]} drafts in secret", 15))
        box.addWidget(muted(INTRO))
        if self.crimson is not None:
            box.addWidget(self._scout_panel())
        self.totals = QLabel()
        self.totals.setObjectName("draftTotals")
        self.totals.setTextFormat(Qt.RichText)
        box.addWidget(self.totals)
        middle = QHBoxLayout()
        middle.setSpacing(14)
        screen = self.screen()
        room = screen.availableGeometry().size() if screen is not None else ROOM_FOR_TABLE
        table = self._table(room.width() >= ROOM_FOR_TABLE.width())  # else the numbers are beside it only
        middle.addWidget(table if room.height() >= ROOM_FOR_TABLE.height() else scrolling(table, 200), 3)
        self.about = QLabel()
        self.about.setObjectName("draftAbout")
        self.about.setWordWrap(True)
        self.about.setTextFormat(Qt.RichText)
        self.about.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.about.setMinimumWidth(300)
        self.about.setStyleSheet(f"color: {INK}; background: {PANEL}; border: 1px solid {EDGE}; padding: 8px;")
        middle.addWidget(self.about, 2)
        box.addLayout(middle, 1)
        self.reason = QLabel()
        self.reason.setObjectName("draftReason")
        self.reason.setWordWrap(True)
        box.addWidget(self.reason)
        buttons = QDialogButtonBox(QDialogButtonBox.Cancel)
        self.seal_button = primary(buttons.addButton("Seal army", QDialogButtonBox.AcceptRole))
        self.seal_button.setObjectName("sealArmy")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)

    def _scout_panel(self) -> QFrame:
        panel = QFrame()
        panel.setObjectName("scoutPanel")
        panel.setStyleSheet(f"QFrame#scoutPanel {{ border: 2px solid {GOLD}; border-radius: 6px;"
                            f" background: {PANEL}; }} QFrame#scoutPanel QLabel {{ border: none; }}")
        row = QHBoxLayout(panel)
        row.setContentsMargins(10, 6, 10, 6)
        title = QLabel("Scout report")
        title.setStyleSheet(f"color: {GOLD}; font-weight: bold;")
        row.addWidget(title)
        self.scout_choice = QComboBox()
        self.scout_choice.setObjectName("scoutChoice")
        self.scout_choice.setIconSize(QSize(ICON, ICON))
        for code in SCOUT_SLOTS:
            self.scout_choice.addItem(slot_icon(code, "C", ICON), NAME[code], code)
        self.scout_button = primary(QPushButton("Scout"))
        self.scout_button.setObjectName("scoutButton")
        self.scout_button.clicked.connect(lambda: self.scout(self.scout_choice.currentData()))
        self.report_icon = QLabel()
        self.report = QLabel(SCOUT_ASK)
        self.report.setObjectName("scoutReport")
        self.report.setWordWrap(True)
        self.report.setStyleSheet(f"color: {MUTED};")
        for w in (self.scout_choice, self.scout_button, self.report_icon):
            row.addWidget(w)
        row.addWidget(self.report, 1)
        return panel

    def _table(self, numbers: bool) -> QWidget:
        table = QWidget()
        grid = QGridLayout(table)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(2)
        for col, text in enumerate(("Slot", "Printed numbers", "Research (Tomes)", "Armory (Gold)")):
            label = QLabel(text)
            label.setStyleSheet(f"color: {MUTED}; font-weight: bold;")
            grid.addWidget(label, 0, col)
        for i, code in enumerate(SLOTS):
            self._row(grid, i + 1, code)
        for row in range(grid.rowCount()):
            grid.itemAtPosition(row, 1).widget().setVisible(numbers)
        return table

    def _row(self, grid: QGridLayout, i: int, code: str) -> None:
        take = QCheckBox(NAME[code])
        take.setObjectName(f"take{code}")
        take.setIcon(slot_icon(code, self.side, ICON))
        take.setIconSize(QSize(ICON, ICON))
        if fixed(code):  # always in: the box shows no tick to untick
            take.setStyleSheet("QCheckBox::indicator { background: transparent; border: none; image: none; }")
            take.setAttribute(Qt.WA_TransparentForMouseEvents)
            take.setFocusPolicy(Qt.NoFocus)
        stats = QLabel(stats_line(code))
        stats.setStyleSheet(f"color: {MUTED};")
        research = QComboBox()
        research.setObjectName(f"research{code}")
        research.addItem("No Research", None)
        for path in paths(code):
            research.addItem(PATH_NAME[path], path)
            research.setItemData(research.count() - 1, PATH_TEXT[path], Qt.ToolTipRole)
        perk_name, gold = PERKS[code]
        perk = QCheckBox(f"{PERK_NAME[perk_name]} ({gold})")
        perk.setObjectName(f"perk{code}")
        perk.setToolTip(f"{PERK_NAME[perk_name]}: {PERK_TEXT[perk_name]} — {gold} Gold")
        take.toggled.connect(lambda on, c=code: self._change(c, "in", on))
        research.currentIndexChanged.connect(lambda _i, c=code, w=research: self._change(c, "r", w.currentData()))
        perk.toggled.connect(lambda on, c=code: self._change(c, "p", on))
        for col, w in enumerate((take, stats, research, perk)):
            w.setProperty("slot", code)
            w.installEventFilter(self._hover)
            grid.addWidget(w, i, col)
        self.rows[code] = (take, research, perk)

    # -- choices ----------------------------------------------------------------------------------
    def scout(self, slot: str) -> None:
        """Gold names one Crimson slot and reads its report (once)."""
        if self.crimson is None or self.scouted is not None:
            return
        self.scouted = slot
        self.report.setText(report_text(slot, api.scout(self.crimson, slot)))
        self.report.setStyleSheet(f"color: {INK}; font-weight: bold;")
        self.report_icon.setPixmap(slot_icon(slot, "C", 28).pixmap(28, 28))
        self.scout_choice.hide()
        self.scout_button.hide()
        self._refresh()

    def _change(self, code: str, key: str, value: object) -> None:
        """One choice; a choice the budget forbids is undone and the reason shown."""
        entry = dict(self.army[code])
        entry[key] = value
        if key == "in" and not value:
            entry = {"in": False, "r": None, "p": False}
        trial = dict(self.army)
        trial[code] = entry
        refusal = None
        try:
            budget(trial, "army", complete=False)
        except TowersError as exc:
            refusal = refusal_words(str(exc))
        if refusal is None and entry["in"] is False and (entry["r"] or entry["p"]):
            refusal = f"Draft the {NAME[code]} first: Research and perks are for drafted types only."
        if refusal is None:
            self.army = trial
        self.show_about(code)
        self._refresh(refusal)

    def show_about(self, code: str) -> None:
        """The slot and its choices in the seed's words, beside the table."""
        self.about.setText(slot_words(code, self.army[code]))

    def _refresh(self, refusal: str | None = None) -> None:
        """Every widget from `army` (a refused choice springs back), the totals and the reason."""
        locked = self.crimson is not None and self.scouted is None
        for code, (take, research, perk) in self.rows.items():
            e = self.army[code]
            for w in (take, research, perk):
                w.blockSignals(True)
            take.setChecked(e["in"])
            research.setCurrentIndex(research.findData(e["r"]) if e["r"] else 0)
            perk.setChecked(e["p"])
            for w in (take, research, perk):
                w.blockSignals(False)
            take.setEnabled(not locked)
            research.setEnabled(e["in"] and not locked)
            perk.setEnabled(e["in"] and not locked)
        self.totals.setText(totals_text(self.army))
        problem = refusal or (("Scout one Crimson slot first." if locked else None) or self.problem())
        self.reason.setText(problem or "Ready to seal: your army stays secret until each slot is first used.")
        self.reason.setStyleSheet(f"color: {WARN if problem else GOLD}; font-weight: bold;")
        self.seal_button.setEnabled(not locked and self.problem() is None)

    def problem(self) -> str | None:
        """Why the army cannot be sealed yet (the core's check), None when it can."""
        try:
            api.validate_army(self.army)
        except TowersError as exc:
            return refusal_words(str(exc))
        return None

    def accept(self) -> None:
        if self.problem() is None and not (self.crimson is not None and self.scouted is None):
            super().accept()


def totals(army: dict) -> tuple[int, int, int, int]:
    """Unit types drafted, Gold spent, Tomes spent, structures researched."""
    units = sum(army[c]["in"] for c in DRAFT_UNITS)
    gold = sum(PERKS[c][1] for c in SLOTS if army[c]["p"])
    studied = sum(army[c]["r"] is not None for c in STRUCTURES)
    tomes = sum(army[c]["r"] is not None for c in SLOTS if c not in STRUCTURES) + 2 * studied
    return units, gold, tomes, studied


def totals_text(army: dict) -> str:
    """The running totals, each with what is left, a finished one in gold (rich text)."""
    units, gold, tomes, studied = totals(army)

    def part(name: str, used: int, of: int, left_word: str | None) -> str:
        colour = GOLD if used == of else INK
        left = f" <span style='color:{MUTED}'>({of - used} {left_word} left)</span>" if left_word else ""
        return f"<span style='color:{colour}'><b>{name} {used}/{of}</b></span>{left}"

    return " · ".join((part("Units", units, DRAFT_TYPES, "to pick" if units < DRAFT_TYPES else None),
                       part("Gold", gold, GOLD_BUDGET, "Gold"), part("Tomes", tomes, TOME_BUDGET, "Tomes" if
                                                                          tomes < TOME_BUDGET else None),
                       part("Structures researched", studied, 2, None)))


def refusal_words(message: str) -> str:
    """The core's message without its field prefix ("army: ")."""
    return message.removeprefix("army: ").rstrip(".") + "."
