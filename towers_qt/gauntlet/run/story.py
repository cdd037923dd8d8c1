"""The story beats between Battles: a calm full-window card with the whisper (§12.6), what the
Battle paid or took back, who joined your banner, and the run summary at the Crown or the end."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from towers_core.gauntlet import run as R
from towers_core.gauntlet.run_foes import CARDS
from towers_qt.gauntlet.run.status import banner_line, status_line
from towers_qt.gauntlet.run.words import ENDLESS_TEXT, MODE_TEXT, TESTED_TEXT
from towers_qt.gauntlet.words import NAME

CARD_STYLE = ("#StoryCard { background: #15141a; } #StoryCard QLabel { color: #d9d4c7; } "
              "#whisper { font-family: serif; font-style: italic; font-size: 20pt; color: #efe6cf; }")
TITLE = {"won": "Victory", "crown": "The Crown is yours", "fallen": "The Pawnborn has fallen",
         "over": "The Gauntlet ends"}
BUTTON = {"won": "Continue", "crown": "Enter Endless Mode", "fallen": "The next Pawnborn rises",
          "over": "A new Gauntlet"}


def spoils_words(run: dict) -> str:
    s = R.spoils(run)
    if s is None:
        return ""
    chests = []
    if s["gold"]:
        chests.append(f"{s['gold']} Gold")
    if s["tomes"]:
        chests.append(f"{s['tomes']} Tome" + ("" if s["tomes"] == 1 else "s"))
    if not chests:
        return "No War Chest was claimed."
    return ("The War Chests pay " if s["paid"] else "The Board takes back ") + " and ".join(chests) + "."


def joined_words(run: dict) -> str:
    foe = run["foe"]
    if run["stage"] not in ("won", "crown") or foe["echo"]:
        return ""
    return f"{CARDS[foe['id']].name}'s gift: {CARDS[foe['id']].joins}."


def summary_words(run: dict) -> str:
    """The run summary: Battles won, Pawnborn fallen, the banner (the time is the window's)."""
    s = R.summary(run)
    lines = [f"{MODE_TEXT[s['mode']][0]} · seed {s['run_seed']}",
             f"Battles won: {s['battles_won']}" + (f" (echoes: {s['echoes_won']})" if s["echoes_won"] else ""),
             f"Pawnborn fallen: {s['pawnborn_fallen']}",
             "Foes beaten: " + (", ".join(CARDS[f].name for f in s["beaten"]) or "none"),
             "Banner: " + ", ".join(NAME[x] for x in s["banner"]["units"] + s["banner"]["structures"]),
             f"Purse: {s['gold']} Gold, {s['tomes']} Tomes"]
    if s["tested"]:
        lines.append(TESTED_TEXT)
    return "\n".join(lines)


class StoryCard(QWidget):
    """`proceed()` when the player goes on."""

    proceed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("StoryCard")
        self.setAttribute(Qt.WA_StyledBackground, True)
        self.setStyleSheet(CARD_STYLE)
        box = QVBoxLayout(self)
        box.setContentsMargins(80, 40, 80, 40)
        box.addStretch(2)
        self.title = self._label("font-size: 13pt; letter-spacing: 2px;")
        self.whisper = self._label("")
        self.whisper.setObjectName("whisper")
        self.details = self._label("font-size: 12pt;")
        self.summary = self._label("font-size: 11pt;")
        for w in (self.title, self.whisper, self.details, self.summary):
            box.addWidget(w)
            box.addSpacing(18)
        box.addStretch(3)
        self.button = QPushButton()
        self.button.setMinimumHeight(36)
        self.button.clicked.connect(self.proceed)
        box.addWidget(self.button, 0, Qt.AlignHCenter)
        self.status = self._label("color: #8d877a;")
        box.addWidget(self.status)

    def _label(self, style: str) -> QLabel:
        label = QLabel()
        label.setWordWrap(True)
        label.setAlignment(Qt.AlignCenter)
        label.setTextFormat(Qt.PlainText)
        if style:
            label.setStyleSheet(style)
        return label

    def show_run(self, run: dict, elapsed: str = "") -> None:
        stage = run["stage"]
        self.title.setText(TITLE[stage].upper())
        self.whisper.setText(R.whisper(run) or "")
        details = [spoils_words(run), joined_words(run)]
        if stage == "fallen":
            details.append(f"Pawnborn {run['pawnborn'] + 1} takes up the banner: same treasury, same foe, same field.")
        if stage == "crown":
            details.append(ENDLESS_TEXT)
        self.details.setText("\n".join(x for x in details if x))
        ends = stage in ("crown", "over")
        self.summary.setText(summary_words(run) + (f"\nTime: {elapsed}" if elapsed else "") if ends else
                             banner_line(run["banner"]))
        self.button.setText(BUTTON[stage])
        self.status.setText(status_line(run))
