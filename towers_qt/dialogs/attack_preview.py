"""Attack preview: both Mights term by term and the odds of each outcome, before committing.

Everything shown comes from api.preview_attack (docs/architecture.md §Attack preview); the
dialog only lays the numbers out.
"""
from __future__ import annotations

from numbers import Number

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QFrame, QGridLayout, QHBoxLayout, QLabel, QProgressBar,
    QVBoxLayout, QWidget,
)

from towers_qt.dialogs._common import (
    EDGE, GOLD, INK, MUTED, PANEL, SIDE_COLOR, SIDE_TEXT, WARN, heading, muted, primary,
)

A_TERMS = (("rank", "Rank"), ("supporters", "Supporters"), ("high", "High ground"),
           ("march", "Marching strike"), ("command", "Command"), ("squires", "Squires"),
           ("pull", "Pull"))
D_TERMS = (("rank", "Rank"), ("behind", "Friend behind"), ("defensive", "Defensive"),
           ("high", "High ground"), ("squires", "Squires"), ("pull", "Pull"))
OUTCOMES = (("captured", "Defender captured", "good"), ("routed", "Defender routed", "good"),
            ("king_captured", "King captured", "good"), ("hold", "Both hold", "even"),
            ("revealed", "Only revealed", "even"),
            ("attacker_routed", "Attacker routed", "bad"),
            ("attacker_captured", "Attacker captured", "bad"))
TONE = {"good": GOLD, "even": "#9c8f74", "bad": WARN}
UNKNOWN_NOTE = "Unknown card — odds over what it can be."


def signed(value: object) -> str:
    """A Might term as shown: '+1', '0', '−1', '+0.4' for an average, '?' when not known."""
    if not isinstance(value, Number):
        return "?"
    if float(value).is_integer():
        value = int(value)
        return "0" if value == 0 else f"{value:+d}".replace("-", "−")
    return f"{value:+.2f}".replace("-", "−")


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
    """Shows a preview_attack() result; exec() returns Accepted when the attack is confirmed."""

    def __init__(self, preview: dict, a_label: str, d_label: str, parent: QWidget | None = None,
                 a_side: str | None = None) -> None:
        super().__init__(parent)
        self.preview = preview
        self.setObjectName("attackPreviewDialog")
        self.setWindowTitle("Attack")
        self.known = bool(preview.get("defender_known", preview.get("d_terms") is not None))
        d_side = {"S": "N", "N": "S"}.get(a_side or "")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(26, 22, 26, 18)
        layout.setSpacing(14)
        layout.addWidget(heading(f"{a_label}  ⚔  {d_label}", size=17))
        if not self.known:
            note = muted(UNKNOWN_NOTE)
            note.setObjectName("unknownNote")
            note.setStyleSheet(f"color: {GOLD}; font-style: italic;")
            layout.addWidget(note)
        columns = QHBoxLayout()
        columns.setSpacing(14)
        self.a_panel = MightPanel("Attacker", a_label, preview.get("a_terms") or {}, A_TERMS,
                                  a_side)
        self.d_panel = MightPanel("Defender", d_label, preview.get("d_terms") or {}, D_TERMS,
                                  d_side, known=self.known)
        columns.addWidget(self.a_panel)
        columns.addWidget(self.d_panel)
        layout.addLayout(columns)
        self.odds = OddsPanel(preview.get("outcomes") or {})
        layout.addWidget(self.odds)
        layout.addWidget(self._buttons())
        self.setMinimumWidth(560)

    def _buttons(self) -> QWidget:
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
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


class MightPanel(QFrame):
    """One fighter's Might, term by term, with the total underneath."""

    def __init__(self, role: str, label: str, terms: dict, names: tuple, side: str | None,
                 known: bool = True) -> None:
        super().__init__()
        edge, color = SIDE_COLOR.get(side or "", GOLD), SIDE_TEXT.get(side or "", GOLD)
        self.setObjectName("mightPanel")
        self.setStyleSheet(f"#mightPanel {{ background: {PANEL}; border: 1px solid {EDGE};"
                           f" border-top: 3px solid {edge}; border-radius: 6px; }}"
                           f" #mightPanel QLabel {{ background: transparent; }}")
        grid = QGridLayout(self)
        grid.setContentsMargins(16, 12, 16, 12)
        grid.setVerticalSpacing(6)
        title = QLabel(f"<span style='color:{MUTED}; font-size:9pt'>{role.upper()}</span><br>"
                       f"<span style='color:{color}; font-size:12pt; font-weight:bold'>"
                       f"{label}</span>")
        grid.addWidget(title, 0, 0, 1, 2)
        self.values: dict[str, QLabel] = {}
        rows = [(key, text) for key, text in names if key in terms or key == "rank"]
        rows += [(key, key.replace("_", " ").capitalize()) for key in terms
                 if key not in dict(names)]
        for index, (key, text) in enumerate(rows, start=1):
            self._term(grid, index, key, text, terms.get(key))
        end = len(rows) + 1
        grid.setRowStretch(end, 1)  # the terms stay packed; totals line up at the bottom
        self.total = _total(terms, known)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        grid.addWidget(line, end + 1, 0, 1, 2)
        name = QLabel("Might" if known else "Visible Might")
        name.setStyleSheet(f"color: {INK}; font-weight: bold; font-size: 11pt;")
        self.total_label = QLabel(self.total)
        self.total_label.setObjectName("mightTotal")
        self.total_label.setStyleSheet(f"color: {color}; font-weight: bold; font-size: 16pt;")
        grid.addWidget(name, end + 2, 0)
        grid.addWidget(self.total_label, end + 2, 1, Qt.AlignmentFlag.AlignRight)
        grid.setColumnStretch(0, 1)

    def _term(self, grid: QGridLayout, row: int, key: str, text: str, value: object) -> None:
        shown = signed(value) if key != "rank" else _plain(value)
        zero = shown in ("0", "—")
        name = QLabel(text)
        name.setStyleSheet(f"color: {MUTED if zero else INK};")
        number = QLabel(shown)
        number.setStyleSheet(f"color: {MUTED if zero else INK}; font-weight: bold;")
        number.setAlignment(Qt.AlignmentFlag.AlignRight)
        if key == "pull":
            name.setToolTip("A face-down fighter draws from its fortune deck: +1, 0 or −1.")
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


def _plain(value: object) -> str:
    if not isinstance(value, Number):
        return "?"
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def _total(terms: dict, known: bool) -> str:
    """The Might the terms add up to (the pull may be an average or unknown)."""
    numbers = [v for v in terms.values() if isinstance(v, Number)]
    if not numbers:
        return "?"
    total = sum(numbers)
    text = str(int(total)) if float(total).is_integer() else f"{total:.2f}"
    return text if known else f"{text} + ?"
