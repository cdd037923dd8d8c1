"""The story beats between Battles: a calm full-window card with the foe's token, the whisper
(§12.6), what the Battle paid or took back, what joined your banner, and at the Crown or the end
the run summary (the foes beaten in order, the Pawnborn fallen, the time, the banner)."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtCore import QSize
from PySide6.QtWidgets import (QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QSizePolicy,
                               QVBoxLayout, QWidget)

from towers_core.gauntlet import run as R
from towers_core.gauntlet.foes import FOES
from towers_core.gauntlet.run_foes import CARDS, PAWNLORD, PLEDGES, SIX
from towers_qt.gauntlet.board.pieces import slot_icon
from towers_qt.gauntlet.run.art import FOE, YOU, BannerRow, token_label
from towers_qt.gauntlet.run.status import status_line
from towers_qt.gauntlet.run.words import ENDLESS_TEXT, MODE_TEXT, TESTED_TEXT
from towers_qt.shell.fit import scrolling

CARD_STYLE = ("#StoryCard, #StoryCard QScrollArea, #StoryPage { background: #15141a; } "
              "#StoryCard QLabel { color: #d9d4c7; } "
              "#StoryCard QLabel#title { color: #e0bf6c; font-size: 13pt; letter-spacing: 3px; } "
              "#StoryCard QLabel#whisper { font-family: serif; font-style: italic; font-size: 19pt; "
              "color: #efe6cf; } "
              "#StoryCard QLabel#counter { font-size: 15pt; font-weight: 600; color: #f08a80; } "
              "#StoryCard QLabel#tested { color: #f08a80; } "
              "#StoryCard QLabel[role=\"muted\"] { color: #8d877a; } "
              "#StoryCard QFrame#rule { color: #4a4438; max-width: 220px; } "
              "#StoryPage QWidget { background: transparent; }")
MEASURE = 820              # the whisper's line length in pixels: a calm measure on wide screens
FOE_TOKEN = 64
FOES_PER_ROW = 6           # the beaten foes' tokens wrap so eleven fit at 1024 pixels
TITLE = {"won": "Victory", "crown": "The Crown is yours", "fallen": "The Pawnborn has fallen",
         "over": "The Gauntlet ends"}
BUTTON = {"won": "Continue", "crown": "Enter Endless Mode", "fallen": "The next Pawnborn rises",
          "over": "A new Gauntlet"}
HARDCORE_END = "In Hardcore, one fallen Royal ends the run."
ENDLESS_END = "In Endless Mode, one loss ends the run."


def title_words(run: dict) -> str:
    """The card's heading: the stage's, an echo's own in Endless Mode."""
    echo = run["foe"]["echo"] if run["foe"] else 0
    if echo and run["stage"] == "won":
        return f"Echo {echo} · Victory"
    if echo and run["stage"] == "over":
        return f"Endless Mode ends at echo {echo}"
    return TITLE[run["stage"]]


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


def joined_slots(foe_id: str) -> list[str]:
    """The slots a beaten foe brings to your banner (the Pawnlord: his Padded Jacks for your Pawns)."""
    if foe_id in SIX:
        return [FOES[foe_id].sig] + ([PLEDGES[foe_id]] if foe_id in PLEDGES else [])
    return ["Pa"] if foe_id == PAWNLORD else []


def joined_words(run: dict) -> str:
    foe = run["foe"]
    if run["stage"] not in ("won", "crown") or foe["echo"]:
        return ""
    return f"{CARDS[foe['id']].name}'s gift: {CARDS[foe['id']].joins}."


def fate_words(run: dict) -> str:
    """What a defeat means: the next Pawnborn (RePawn), or the end (Hardcore, Endless)."""
    if run["stage"] == "fallen":
        return f"Pawnborn {run['pawnborn'] + 1} takes up the banner: same treasury, same foe, same field."
    if run["stage"] == "over":
        return ENDLESS_END if run["echo"] else HARDCORE_END
    return ENDLESS_TEXT if run["stage"] == "crown" else ""


def summary_words(run: dict, elapsed: str = "") -> str:
    """The run summary's lines: mode and seed, Battles won, Pawnborn fallen, the time, the purse,
    and "tested" if the testing tools were used (the foes and the banner are shown as tokens)."""
    s = R.summary(run)
    won = f"Battles won: {s['battles_won']}" + (f" (echoes: {s['echoes_won']})" if s["echoes_won"] else "")
    tally = [won, f"Pawnborn fallen: {s['pawnborn_fallen']}"] + ([f"Time: {elapsed}"] if elapsed else [])
    lines = [f"{MODE_TEXT[s['mode']][0]} · seed {s['run_seed']}", " · ".join(tally),
             f"Purse: {s['gold']} Gold, {s['tomes']} Tome" + ("" if s["tomes"] == 1 else "s")]
    if s["tested"]:
        lines.append(TESTED_TEXT)
    return "\n".join(lines)


def centered(text: str = "", name: str = "") -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignCenter)
    label.setTextFormat(Qt.PlainText)
    if name:
        label.setObjectName(name)
    return label


def clear(layout) -> None:
    while layout.count():
        old = layout.takeAt(0).widget()
        if old is not None:
            old.setParent(None)   # gone at once (a deferred delete would still be drawn)
            old.deleteLater()


class FoeRow(QWidget):
    """The foes beaten, in order: each Royal's token (Crimson) over its name, wrapped in rows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(14)
        self.grid.setVerticalSpacing(8)
        self.names: list[str] = []

    def show_foes(self, beaten: list[str]) -> None:
        clear(self.grid)
        self.names = [CARDS[f].name for f in beaten]
        for i, foe_id in enumerate(beaten):
            entry = QWidget()
            box = QVBoxLayout(entry)
            box.setContentsMargins(0, 0, 0, 0)
            box.setSpacing(2)
            box.addWidget(token_label(FOES[foe_id].sig, FOE, 34), 0, Qt.AlignHCenter)
            name = QLabel(f"{i + 1}. {CARDS[foe_id].name}")
            name.setProperty("role", "muted")
            box.addWidget(name, 0, Qt.AlignHCenter)
            entry.setToolTip(f"Battle {i + 1}: {CARDS[foe_id].name}")
            self.grid.addWidget(entry, i // FOES_PER_ROW, i % FOES_PER_ROW, Qt.AlignTop)


class StoryCard(QWidget):
    """`proceed()` when the player goes on."""

    proceed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("StoryCard")
        self.setAttribute(Qt.WA_StyledBackground, True)
        self.setStyleSheet(CARD_STYLE)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 16)
        page = QWidget()
        page.setObjectName("StoryPage")
        box = QVBoxLayout(page)
        box.setContentsMargins(40, 24, 40, 16)
        box.setSpacing(10)
        box.addStretch(2)
        self.token = QLabel()
        self.title = centered(name="title")
        self.whisper = centered(name="whisper")
        self.whisper.setMaximumWidth(MEASURE)
        self.whisper.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Preferred)
        measure = QHBoxLayout()
        measure.addStretch(1)
        measure.addWidget(self.whisper, 8)
        measure.addStretch(1)
        rule = QFrame()
        rule.setObjectName("rule")
        rule.setFrameShape(QFrame.HLine)
        rule.setFixedWidth(220)
        self.details = centered()
        self.counter = centered(name="counter")
        self.joined = QWidget()
        self.joined_row = QHBoxLayout(self.joined)
        self.joined_row.setContentsMargins(0, 0, 0, 0)
        self.summary = centered()
        self.foes_caption = centered("Foes beaten, in order")
        self.foes_caption.setProperty("role", "muted")
        self.foes = FoeRow()
        self.banner = BannerRow(size=30)
        box.addWidget(self.token, 0, Qt.AlignHCenter)
        box.addWidget(self.title)
        box.addLayout(measure)
        for w, align in ((rule, Qt.AlignHCenter),
                         (self.details, 0), (self.joined, Qt.AlignHCenter), (self.counter, 0),
                         (self.summary, 0), (self.foes_caption, 0), (self.foes, Qt.AlignHCenter),
                         (self.banner, Qt.AlignHCenter)):
            box.addWidget(w, 0, Qt.Alignment(align))
        box.addStretch(3)
        outer.addWidget(scrolling(page, 200), 1)
        self.button = QPushButton()
        self.button.setProperty("role", "primary")
        self.button.setMinimumSize(220, 40)
        self.button.clicked.connect(self.proceed)
        outer.addWidget(self.button, 0, Qt.AlignHCenter)
        self.status = centered()
        self.status.setProperty("role", "muted")
        outer.addWidget(self.status)

    def show_run(self, run: dict, elapsed: str = "") -> None:
        stage, foe = run["stage"], run["foe"]
        self.token.setPixmap(slot_icon(FOES[foe["id"]].sig, FOE, FOE_TOKEN).pixmap(QSize(FOE_TOKEN, FOE_TOKEN)))
        self.token.setToolTip(CARDS[foe["id"]].name)
        self.title.setText(title_words(run).upper())
        self.whisper.setText(R.whisper(run) or "")
        self.details.setText("\n".join(x for x in (spoils_words(run), joined_words(run), fate_words(run)) if x))
        self._show_joined(joined_slots(foe["id"]) if joined_words(run) else [])
        self.counter.setText(f"Pawnborn fallen: {run['pawnborn']}" if stage == "fallen" else "")
        self.counter.setVisible(stage == "fallen")
        ends = stage in ("crown", "over")
        self.summary.setText(summary_words(run, elapsed) if ends else "")
        self.summary.setVisible(ends)
        self.foes.show_foes(run["beaten"] if ends else [])
        self.foes_caption.setVisible(ends and bool(run["beaten"]))
        self.foes.setVisible(ends and bool(run["beaten"]))
        self.banner.show_banner(run["banner"], run["pledges"])
        self.button.setText(BUTTON[stage])
        self.status.setText(status_line(run))

    def _show_joined(self, slots: list[str]) -> None:
        clear(self.joined_row)
        for code in slots:
            self.joined_row.addWidget(token_label(code, YOU, 40))
        self.joined.setVisible(bool(slots))
