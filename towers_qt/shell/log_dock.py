"""Log dock: every action in notation and in words, fights with both Mights, pulls and outcome,
always as the viewer may see it (api.entry_view + api.describe)."""
from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import (
    QListWidget,
    QListWidgetItem,
    QStyledItemDelegate,
    QVBoxLayout,
    QWidget,
)

from towers_core.skirmish import api
from towers_qt.shell.names import with_names
from towers_qt.skirmish.board import palette

A_TERMS = ("rank", "supporters", "high", "march", "command", "squires", "pull")
D_TERMS = ("rank", "behind", "defensive", "high", "squires", "pull")


def _terms(terms: dict | None, keys: tuple[str, ...]) -> str:
    if not terms:
        return ""
    parts = [f"{k} {terms[k]:+d}" if k != "rank" else f"rank {terms[k]}"
             for k in keys if isinstance(terms.get(k), int) and (terms[k] or k == "rank")]
    return ", ".join(parts)


def fight_lines(fight: dict) -> list[str]:
    """Mights with their terms, the pulls and the outcome."""
    lines = []
    if fight.get("a_might") is not None:
        lines.append(f"  Attacker {fight.get('a_card', '?')} Might {fight['a_might']}"
                     f" ({_terms(fight.get('a_terms'), A_TERMS)})")
        lines.append(f"  Defender {fight.get('d_card', '?')} Might {fight['d_might']}"
                     f" ({_terms(fight.get('d_terms'), D_TERMS)})")
    pulls = fight.get("pulls") or {}
    if pulls:
        lines.append("  Pulls: " + ", ".join(f"{'attacker' if k == 'A' else 'defender'} {v:+d}"
                                            for k, v in sorted(pulls.items())))
    lines.append(f"  Outcome: {str(fight.get('outcome', '')).replace('_', ' ')}")
    return lines


def entry_text(number: int, viewed: dict, names: dict[str, str] | None = None) -> str:
    """The log line for one viewed entry (notation, words in the players' names, fight details)."""
    lines = [f"{number}. {viewed['action']} — {with_names(api.describe(viewed), names or {})}"]
    if viewed.get("fight"):
        lines += fight_lines(viewed["fight"])
    return "\n".join(lines)


class _WrappedEntryDelegate(QStyledItemDelegate):
    """Measures each wrapped entry at the width it is painted at: Qt's own estimate can come out a
    line short, and then it elides the fight's last line ("Outcome") into "…"."""

    MARGIN = 12  # the text margins the style leaves on both sides of an item

    def sizeHint(self, option, index) -> QSize:
        self.initStyleOption(option, index)
        width = max(50, self.parent().viewport().width() - self.MARGIN)
        text = option.fontMetrics.boundingRect(QRect(0, 0, width, 1 << 20), Qt.TextWordWrap,
                                               index.data() or "")
        return QSize(width, text.height() + 8)


class LogWidget(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("LogWidget")
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setTextElideMode(Qt.ElideNone)
        self.list.setResizeMode(QListWidget.Adjust)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.list.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOn)  # fixed width: wrapping is measured right
        self.list.setSpacing(1)
        # Item padding from a style sheet is not counted when Qt measures wrapped text: keep it vertical.
        self.list.setStyleSheet("QListWidget::item { padding: 2px 0px; }")
        self.list.setItemDelegate(_WrappedEntryDelegate(self.list))
        self.list.setSelectionMode(QListWidget.SingleSelection)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.list)
        self._shown: tuple[object, int] = ("", 0)
        self.names: dict[str, str] = {}

    def show_log(self, log: list[dict], viewer: str, names: dict[str, str] | None = None) -> None:
        """Show `log` (full entries) as `viewer` may see it; appends when only new entries came."""
        who = (viewer, tuple(sorted((names or {}).items())))
        start = self._shown[1] if self._shown[0] == who and self._shown[1] <= len(log) else 0
        if start == 0:
            self.list.clear()
        self.names = names or {}
        for i in range(start, len(log)):
            self._append(i + 1, api.entry_view(log[i], viewer))
        self._shown = (who, len(log))
        self.list.doItemsLayout()  # measure wrapped items at the width the list has now
        self.list.scrollToBottom()

    def reset(self) -> None:
        self._shown = ("", 0)
        self.list.clear()

    def _append(self, number: int, viewed: dict) -> None:
        item = QListWidgetItem(entry_text(number, viewed, self.names))
        item.setForeground(QBrush(palette.SIDE_LIGHT[viewed["player"]]))
        item.setData(Qt.UserRole, viewed)
        self.list.addItem(item)

    def texts(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]
