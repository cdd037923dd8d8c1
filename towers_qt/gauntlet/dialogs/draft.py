"""The Draft (§11): your King plus exactly 5 of the 7 unit types, 100 Gold of Armory perks and 8
Tomes of Research (one path per unit type forever; a structure's Research 2 Tomes, at most 2).
Running totals; each choice says what it does in the seed's words and numbers; a choice the budget
forbids is refused with the reason (the core's own check). Gold first names one Crimson slot and
reads its scout report."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
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
from towers_qt.gauntlet.words import (
    NAME,
    PATH_NAME,
    PATH_TEXT,
    PERK_NAME,
    PERK_TEXT,
    SIDE_WORD,
    SLOT_TEXT,
    paths,
    path_line,
    perk_line,
    slot_label,
    stats_line,
)
from towers_qt.shell.fit import fit_to_screen, scrolling
from towers_qt.shell.look import GOLD, INK, MUTED, WARN, heading, muted, primary

INTRO = ("Your King plus 5 of the 7 unit types, 100 Gold of Armory upgrades (structure perks 30 each), and 8 Tomes "
         "of Research (one per unit; structures 2 Tomes, at most 2 structures). Unspent Gold and Tomes are lost.")
SCOUT_SLOTS = SLOTS[:8]


def empty_army() -> dict:
    """The King and the four structures, nothing else: where every Draft starts."""
    return {c: {"in": c == "Ki" or c in STRUCTURES, "r": None, "p": False} for c in SLOTS}


def report_text(slot: str, entry: dict) -> str:
    """The scout report of one Crimson slot in words."""
    if not entry["in"]:
        return f"Crimson did not draft the {NAME[slot]}."
    research = PATH_NAME[entry["r"]] if entry["r"] else "no Research"
    perk = PERK_NAME[PERKS[slot][0]] if entry["p"] else "no Armory perk"
    return f"Crimson drafted the {NAME[slot]}: {research}, {perk}."


class DraftDialog(QDialog):
    """One side's Draft. `crimson` (Gold only) is the sealed Crimson army the scout reads one slot of."""

    def __init__(self, side: str, parent: QWidget | None = None, crimson: dict | None = None,
                 name: str = "") -> None:
        super().__init__(parent)
        self.side, self.crimson = side, crimson
        self.army = empty_army()
        self.scouted: str | None = None
        self.rows: dict[str, tuple[QCheckBox, QComboBox, QCheckBox]] = {}
        self.setObjectName("gauntletDraft")
        self.setWindowTitle(f"Draft — {SIDE_WORD[side]}")
        self._build(name or SIDE_WORD[side])
        self._refresh()
        self.setMinimumWidth(1000)
        fit_to_screen(self)

    # -- construction -----------------------------------------------------------------------------
    def _build(self, name: str) -> None:
        box = QVBoxLayout(self)
        box.setContentsMargins(20, 16, 20, 14)
        box.addWidget(heading(f"{name} — {SIDE_WORD[self.side]} drafts in secret", 16))
        intro = muted(INTRO)
        intro.setWordWrap(True)
        box.addWidget(intro)
        if self.crimson is not None:
            box.addLayout(self._scout_row())
        self.totals = QLabel()
        self.totals.setObjectName("draftTotals")
        self.totals.setStyleSheet(f"color: {GOLD}; font-weight: bold;")
        box.addWidget(self.totals)
        table = QWidget()
        grid = QGridLayout(table)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(10)
        for i, code in enumerate(SLOTS):
            self._row(grid, i, code)
        box.addWidget(scrolling(table, 220), 1)
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.about.setStyleSheet(f"color: {INK};")
        self.about.setMinimumHeight(40)
        box.addWidget(self.about)
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

    def _scout_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(QLabel("Scout one Crimson slot first:"))
        self.scout_choice = QComboBox()
        self.scout_choice.setObjectName("scoutChoice")
        for code in SCOUT_SLOTS:
            self.scout_choice.addItem(slot_label(code), code)
        self.scout_button = QPushButton("Scout")
        self.scout_button.setObjectName("scoutButton")
        self.scout_button.clicked.connect(lambda: self.scout(self.scout_choice.currentData()))
        self.report = QLabel("The report says that slot's entry: drafted or not, Research, perk.")
        self.report.setObjectName("scoutReport")
        self.report.setWordWrap(True)
        self.report.setStyleSheet(f"color: {MUTED};")
        row.addWidget(self.scout_choice)
        row.addWidget(self.scout_button)
        row.addWidget(self.report, 1)
        return row

    def _row(self, grid: QGridLayout, i: int, code: str) -> None:
        fixed = code == "Ki" or code in STRUCTURES
        take = QCheckBox(slot_label(code))
        take.setObjectName(f"take{code}")
        take.setChecked(fixed)
        take.setEnabled(not fixed)
        take.setToolTip(f"{NAME[code]} — {stats_line(code)}. {SLOT_TEXT[code]}")
        stats = QLabel(stats_line(code))
        stats.setStyleSheet(f"color: {MUTED};")
        research = QComboBox()
        research.setObjectName(f"research{code}")
        research.addItem("No Research", None)
        cost = "2 Tomes" if code in STRUCTURES else "1 Tome"
        for path in paths(code):
            research.addItem(f"{PATH_NAME[path]} ({cost})", path)
            research.setItemData(research.count() - 1, PATH_TEXT[path], Qt.ToolTipRole)
        perk_name, gold = PERKS[code]
        perk = QCheckBox(f"{PERK_NAME[perk_name]} ({gold} Gold)")
        perk.setObjectName(f"perk{code}")
        perk.setToolTip(perk_line(code))
        take.toggled.connect(lambda on, c=code: self._change(c, "in", on))
        research.currentIndexChanged.connect(lambda _i, c=code, w=research: self._change(c, "r", w.currentData()))
        perk.toggled.connect(lambda on, c=code: self._change(c, "p", on))
        for col, w in enumerate((take, stats, research, perk)):
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
        self.scout_choice.setEnabled(False)
        self.scout_button.setEnabled(False)
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
        self._show_about(code)
        self._refresh(refusal)

    def _show_about(self, code: str) -> None:
        e = self.army[code]
        bits = [f"{slot_label(code)} — {stats_line(code)}. {SLOT_TEXT[code]}"]
        if e["r"]:
            bits.append("Research: " + path_line(e["r"]) + ".")
        if e["p"]:
            bits.append("Armory: " + PERK_NAME[PERKS[code][0]] + ": " + PERK_TEXT[PERKS[code][0]] + ".")
        self.about.setText(" ".join(bits))

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
            fixed = code == "Ki" or code in STRUCTURES
            take.setEnabled(not fixed and not locked)
            research.setEnabled(e["in"] and not locked)
            perk.setEnabled(e["in"] and not locked)
        units, gold, tomes, studied = totals(self.army)
        self.totals.setText(f"Units {units}/{DRAFT_TYPES} · Gold {gold}/{GOLD_BUDGET} · Tomes {tomes}/{TOME_BUDGET} · "
                            f"Structures researched {studied}/2")
        problem = refusal or (("Scout one Crimson slot first." if locked else None) or self.problem())
        self.reason.setText(problem or "Ready to seal: your army stays secret until each slot is first used.")
        self.reason.setStyleSheet(f"color: {WARN if problem else GOLD};")
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


def refusal_words(message: str) -> str:
    """The core's message without its field prefix ("army: ")."""
    return message.removeprefix("army: ").rstrip(".") + "."
