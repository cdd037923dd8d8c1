"""Attack preview: both Mights term by term and the odds of each outcome, before committing.

Everything shown comes from api.preview_attack (docs/architecture.md §Attack preview); the
dialog only lays the numbers out.
"""
from __future__ import annotations

from numbers import Number

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from towers_core.skirmish import api
from towers_qt.shell.look import (
    EDGE,
    GOLD,
    INK,
    MUTED,
    PANEL,
    WARN,
    heading,
    primary,
)
from towers_qt.shell.palette import SIDE_COLOR, SIDE_TEXT
from towers_qt.shell.players import other
from towers_qt.skirmish.might_terms import A_TERMS, D_TERMS

OUTCOMES = (("captured", "Defender captured", "good"), ("routed", "Defender routed", "good"),
            ("king_captured", "King captured", "good"), ("hold", "Both hold", "even"),
            ("revealed", "Only revealed", "even"),
            ("attacker_routed", "Attacker routed", "bad"),
            ("attacker_captured", "Attacker captured", "bad"))
TONE = {"good": GOLD, "even": "#9c8f74", "bad": WARN}
UNKNOWN_NOTE = "Unknown card — odds over what it can be."


def signed(value: object) -> str:
    """A Might term as shown: '+1', '0', '−1', '≈+0.4' for an average, '?' when not known."""
    if not isinstance(value, Number):
        return "?"
    if float(value).is_integer():
        value = int(value)
        return "0" if value == 0 else f"{value:+d}".replace("-", "−")
    return f"≈{value:+.1f}".replace("-", "−")


def plain(value: object) -> str:
    """A rank or total: '3', or '≈2.1' when averaged over what a hidden card can be."""
    if not isinstance(value, Number):
        return "?"
    if float(value).is_integer():
        return str(int(value)).replace("-", "−")
    return f"≈{value:.1f}".replace("-", "−")


def pull_text(odds: dict | None) -> str:
    """A fighter's pull odds, e.g. '+1 25% · 0 50% · −1 25%' ('' when it does not pull)."""
    if not odds:
        return ""
    ordered = sorted(((int(v), p) for v, p in odds.items()), reverse=True)
    return " · ".join(f"{signed(v)} {percent(p)}" for v, p in ordered)


def percent(p: float) -> str:
    """Probabilities for people: '37%', '<1%' for tiny non-zero ones, '—' for impossible."""
    if p <= 0:
        return "—"
    if p < 0.005:
        return "<1%"
    if p > 0.995 and p < 1:
        return ">99%"
    return f"{p * 100:.0f}%"


class AttackPreviewDialog(QDialog):
    """Shows a preview_attack() result; exec() returns Accepted when the attack is confirmed.

    a_label/d_label name the fighters ("Knight c3", "face-down card c4"); a_side ("S"/"N")
    colours them; card_names maps codes to names for the "could be" line (api.CARD_INFO).
    """

    def __init__(self, preview: dict, a_label: str, d_label: str, parent: QWidget | None = None,
                 a_side: str | None = None, card_names: dict[str, str] | None = None) -> None:
        super().__init__(parent)
        self.preview = preview
        self.setObjectName("attackPreviewDialog")
        self.setWindowTitle("Attack")
        self.known = bool(preview.get("defender_known", preview.get("d_terms") is not None))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(26, 22, 26, 18)
        layout.setSpacing(14)
        layout.addWidget(heading(f"{a_label}  ⚔  {d_label}", size=17))
        if not self.known:
            layout.addWidget(self._unknown_note(card_names or _card_names()))
        if preview.get("a_terms") is None and preview.get("king_fight", True):
            self.a_panel = self.d_panel = None
            layout.addWidget(_note("A King is in this fight, so Might is not compared: a King wins every attack he "
                                "makes, and is captured only by three revealed Knight-or-better cards."))
        else:
            layout.addLayout(self._panels(a_label, d_label, a_side))
        self.odds = OddsPanel(preview.get("outcomes") or {})
        layout.addWidget(self.odds)
        layout.addWidget(self._buttons())
        if self.odds.win <= 0:
            self._cancel_by_default()
        self.setMinimumWidth(580)

    def _unknown_note(self, names: dict[str, str]) -> QLabel:
        text = UNKNOWN_NOTE
        could_be = identities_text(self.preview.get("identities"), names)
        if could_be:
            text += f"<br><span style='color:{MUTED}; font-style:normal'>{could_be}</span>"
        note = _note(text)
        note.setObjectName("unknownNote")
        return note

    def _panels(self, a_label: str, d_label: str, a_side: str | None) -> QHBoxLayout:
        odds = self.preview.get("pull_odds") or {}
        d_side = other(a_side) if a_side else None
        columns = QHBoxLayout()
        columns.setSpacing(14)
        self.a_panel = MightPanel("Attacker", a_label, self.preview.get("a_terms") or {},
                                  A_TERMS, a_side, _odds(odds, "A"))
        self.d_panel = MightPanel("Defender", d_label, self.preview.get("d_terms") or {},
                                  D_TERMS, d_side, _odds(odds, "D"), known=self.known)
        for panel in (self.a_panel, self.d_panel):
            # Equal halves: ignore each panel's own width wish, keep a readable minimum.
            panel.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            panel.setMinimumWidth(max(230, panel.minimumSizeHint().width()))
            columns.addWidget(panel, 1)
        return columns

    def _buttons(self) -> QWidget:
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button = box.button(QDialogButtonBox.StandardButton.Cancel)
        self.confirm_button = box.addButton("Confirm attack", QDialogButtonBox.ButtonRole.AcceptRole)
        primary(self.confirm_button)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        legal = bool(self.preview.get("legal", True))
        self.confirm_button.setEnabled(legal)
        footer = QWidget()
        row = QHBoxLayout(footer)
        row.setContentsMargins(0, 0, 0, 0)
        self.problem = QLabel("" if legal else self.preview.get(
            "reason", "Not allowed: you would be behind by 2 or more before the pull."))
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(f"color: {WARN}; font-weight: bold;")
        row.addWidget(self.problem, 1)
        row.addWidget(box)
        return footer


    def _cancel_by_default(self) -> None:
        """A hopeless attack is never confirmed by a stray Enter: Cancel takes the default."""
        for button in self.findChildren(QPushButton):
            button.setAutoDefault(False)
            button.setDefault(button is self.cancel_button)


class MightPanel(QFrame):
    """One fighter's Might, term by term (the pull with its odds), the total underneath."""

    def __init__(self, role: str, label: str, terms: dict, names: tuple, side: str | None,
                 pull_odds: dict | None = None, known: bool = True) -> None:
        super().__init__()
        edge, color = SIDE_COLOR.get(side or "", GOLD), SIDE_TEXT.get(side or "", GOLD)
        self.setObjectName("mightPanel")
        self.setStyleSheet(f"#mightPanel {{ background: {PANEL}; border: 1px solid {EDGE};"
                           f" border-top: 3px solid {edge}; border-radius: 6px; }}"
                           f" #mightPanel QLabel {{ background: transparent; }}")
        grid = QGridLayout(self)
        grid.setContentsMargins(16, 12, 16, 12)
        grid.setVerticalSpacing(6)
        # two labels, not one rich-text label with two font sizes: Qt sized that one for the
        # default font and cut the fighter's name in half
        role_label = QLabel(role.upper())
        role_label.setStyleSheet(f"color: {MUTED}; font-size: 9pt;")
        title = QLabel(label)
        title.setStyleSheet(f"color: {color}; font-size: 12pt; font-weight: bold;")
        heading = QVBoxLayout()
        heading.setSpacing(0)
        for part in (role_label, title):
            part.ensurePolished()  # the style sheet's font sizes count in the size hint
            part.setMinimumHeight(part.sizeHint().height())
            heading.addWidget(part)
        grid.addLayout(heading, 0, 0, 1, 2)
        self.values: dict[str, QLabel] = {}
        rows = [(key, text) for key, text in names
                if key != "pull" and (key in terms or key == "rank")]
        rows += [(key, key.replace("_", " ").capitalize()) for key in terms
                 if key not in dict(names)]
        for index, (key, text) in enumerate(rows, start=1):
            self._term(grid, index, key, text, terms.get(key))
        pull_row = len(rows) + 1
        if "pull" in terms:
            self._term(grid, pull_row, "pull", "Pull", terms["pull"])
        else:
            self._pull(grid, pull_row, pull_odds)
        end = pull_row + 1
        grid.setRowStretch(end, 1)  # the terms stay packed; totals line up at the bottom
        self.total = _total({k: v for k, v in terms.items() if k != "pull"}, pull_odds)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        grid.addWidget(line, end + 1, 0, 1, 2)
        name = QLabel("Might")
        if not known:
            name.setToolTip("Averaged over what the face-down card can be.")
        name.setStyleSheet(f"color: {INK}; font-weight: bold; font-size: 11pt;")
        self.total_label = QLabel(self.total)
        self.total_label.setObjectName("mightTotal")
        self.total_label.setStyleSheet(f"color: {color}; font-weight: bold; font-size: 16pt;")
        grid.addWidget(name, end + 2, 0)
        grid.addWidget(self.total_label, end + 2, 1, Qt.AlignmentFlag.AlignRight)
        grid.setColumnStretch(0, 1)

    def _term(self, grid: QGridLayout, row: int, key: str, text: str, value: object) -> None:
        shown = signed(value) if key != "rank" else plain(value)
        self._row(grid, row, key, text, shown, dim=shown in ("0", "—"))

    def _pull(self, grid: QGridLayout, row: int, odds: dict | None) -> None:
        """The pull is not a number yet: show the values it can take and their odds, or that none is drawn."""
        if odds:
            text = f"Pull<br><span style='color:{MUTED}; font-size:8.5pt'>{pull_text(odds)}</span>"
            self._row(grid, row, "pull", text, " / ".join(signed(v) for v in pull_values(odds)), dim=False)
        else:
            self._row(grid, row, "pull", "Pull", "—", dim=True)
        tip = ("Face-down when the attack is declared: draws from its fortune deck."
               if odds else "Face-up: no pull.")
        grid.itemAtPosition(row, 0).widget().setToolTip(tip)

    def _row(self, grid: QGridLayout, row: int, key: str, text: str, shown: str,
             dim: bool) -> None:
        name = QLabel(text)
        name.setStyleSheet(f"color: {MUTED if dim else INK};")
        number = QLabel(shown)
        number.setStyleSheet(f"color: {MUTED if dim else INK}; font-weight: bold;")
        number.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.values[key] = number
        grid.addWidget(name, row, 0)
        grid.addWidget(number, row, 1)


class OddsPanel(QFrame):
    """Outcome probabilities as labelled bars, attacker's best outcomes first."""

    def __init__(self, outcomes: dict) -> None:
        super().__init__()
        self.setObjectName("oddsPanel")
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(5)
        win = sum(float(outcomes.get(k, 0)) for k, _, tone in OUTCOMES if tone == "good")
        self.win = win
        title = QLabel(f"<span style='color:{MUTED}'>Outcome odds</span>  "
                       f"<span style='color:{GOLD}; font-weight:bold'>· win "
                       f"{percent(win) if win else '0%'}</span>")
        grid.addWidget(title, 0, 0, 1, 3)
        self.bars: dict[str, QProgressBar] = {}
        self.labels: dict[str, QLabel] = {}
        for row, (key, text, tone) in enumerate(OUTCOMES, start=1):
            self._row(grid, row, key, text, float(outcomes.get(key, 0.0)), TONE[tone])
        grid.setColumnStretch(1, 1)

    def _row(self, grid: QGridLayout, row: int, key: str, text: str, p: float,
             color: str) -> None:
        dim = p <= 0
        name = QLabel(text)
        name.setStyleSheet(f"color: {MUTED if dim else INK};")
        bar = QProgressBar()
        bar.setRange(0, 1000)
        bar.setValue(round(p * 1000))
        bar.setTextVisible(False)
        bar.setFixedHeight(14)
        bar.setStyleSheet(f"QProgressBar {{ background: {PANEL}; border: 1px solid {EDGE};"
                          f" border-radius: 4px; }} QProgressBar::chunk {{ background: {color};"
                          f" border-radius: 3px; }}")
        value = QLabel(percent(p))
        value.setMinimumWidth(46)
        value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        value.setStyleSheet(f"color: {MUTED if dim else color}; font-weight: bold;")
        self.bars[key], self.labels[key] = bar, value
        grid.addWidget(name, row, 0)
        grid.addWidget(bar, row, 1)
        grid.addWidget(value, row, 2)


def _card_names() -> dict[str, str]:
    """Card names from api.CARD_INFO (codes are shown as they are if the engine is missing)."""
    try:
        return {code: info["name"] for code, info in api.CARD_INFO.items()}
    except ImportError:
        return {}


def _odds(table: dict, key: str) -> dict | None:
    return table.get(key) or None


def _note(text: str) -> QLabel:
    note = QLabel(text)
    note.setWordWrap(True)
    note.setStyleSheet(f"color: {GOLD}; font-style: italic;")
    return note


def _total(terms: dict, odds: dict | None) -> str:
    """The Might the shown terms add up to, as the range the pulls still left can make it."""
    numbers = [v for v in terms.values() if isinstance(v, Number)]
    if not numbers:
        return "?"
    base = sum(numbers)
    pulls = pull_values(odds)
    lo, hi = base + min(pulls, default=0), base + max(pulls, default=0)
    if lo == hi:
        return plain(lo)
    if float(base).is_integer():
        return f"{plain(lo)}–{plain(hi)}"
    return f"≈{lo:.1f}–{hi:.1f}".replace("-", "−")


def pull_values(odds: dict | None) -> list[int]:
    """The pull values that can still come (probability above zero), highest first."""
    return sorted((int(v) for v, p in (odds or {}).items() if p > 0), reverse=True)


def identities_text(identities: dict | None, names: dict[str, str]) -> str:
    """What a face-down defender can be, likeliest first: 'King 50% · Spearman 11% · …'."""
    if not identities:
        return ""
    ranked = sorted(identities.items(), key=lambda item: -item[1])
    shown = [f"{names.get(code, code)} {percent(p)}" for code, p in ranked[:5] if p > 0]
    return "Could be: " + " · ".join(shown) + (" · …" if len(ranked) > 5 else "")
