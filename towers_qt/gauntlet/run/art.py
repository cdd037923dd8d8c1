"""The run screens' piece art: a slot's token (the battle board's own, `board.pieces.slot_icon`), the
banner as a row of tokens, and tokens registered for the dossier's rich text."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QUrl
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QHBoxLayout, QLabel, QTextBrowser, QVBoxLayout, QWidget

from towers_core.gauntlet.run_foes import roster
from towers_core.gauntlet.units import SLOTS
from towers_qt.gauntlet.board.pieces import slot_icon
from towers_qt.gauntlet.words import NAME

YOU, FOE = "G", "C"   # your banner is Gold, the foe Crimson, as on the battle board
TOKEN_PX = 18        # a token in running text
ENTRY_STYLE = "font-size: 8pt; color: #b9ab95; background: transparent;"


def token_label(code: str, side: str, size: int) -> QLabel:
    """A slot's token as a label (its name in the tooltip)."""
    label = QLabel()
    label.setPixmap(slot_icon(code, side, size).pixmap(QSize(size, size)))
    label.setFixedSize(size, size)
    label.setToolTip(NAME[code])
    return label


class TokenBrowser(QTextBrowser):
    """A rich-text page whose `slot:<side><code>` images are the slots' tokens (see `token_html`)."""

    def loadResource(self, kind: int, url: QUrl):  # noqa: N802 (Qt's name)
        name = url.toString()
        if kind == QTextDocument.ImageResource and name.startswith("slot:") and name[6:] in SLOTS:
            return slot_icon(name[6:], name[5], TOKEN_PX).pixmap(QSize(TOKEN_PX, TOKEN_PX), 2.0).toImage()
        return super().loadResource(kind, url)


def token_html(code: str, side: str = FOE) -> str:
    """A slot's token and name in a TokenBrowser's page."""
    return (f'<img src="slot:{side}{code}" width={TOKEN_PX} height={TOKEN_PX} style="vertical-align: middle">'
            f"&nbsp;{NAME[code]}")


class BannerRow(QWidget):
    """Your banner as tokens with their names: units, then structures, then what is pledged."""

    def __init__(self, parent: QWidget | None = None, size: int = 26) -> None:
        super().__init__(parent)
        self.size = size
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 2, 0, 2)
        self.row.setSpacing(4)
        self.words = ""

    def show_banner(self, banner: dict, pledges: list[str] | tuple = ()) -> None:
        while self.row.count():
            old = self.row.takeAt(0).widget()
            if old is not None:
                old.setParent(None)   # gone at once (a deferred delete would still be drawn)
                old.deleteLater()
        caption = QLabel("Your banner")
        caption.setProperty("role", "title")
        self.row.addWidget(caption)
        self.row.addSpacing(8)
        r = roster(banner)
        names = []
        for code in r["units"] + r["structures"]:
            names.append(NAME[code] + (" (pledged)" if code in pledges else ""))
            self.row.addWidget(self._entry(code, NAME[code] + ("*" if code in pledges else "")))
        self.row.addStretch(1)
        self.words = "Your banner: " + ", ".join(names)
        self.setToolTip(self.words)

    def _entry(self, code: str, name: str) -> QWidget:
        """A token with its name beneath (narrow, so twelve fit at 1024 pixels)."""
        entry = QWidget()
        box = QVBoxLayout(entry)
        box.setContentsMargins(2, 0, 2, 0)
        box.setSpacing(1)
        box.addWidget(token_label(code, YOU, self.size), 0, Qt.AlignHCenter)
        label = QLabel(name)
        label.setStyleSheet(ENTRY_STYLE)
        box.addWidget(label, 0, Qt.AlignHCenter)
        return entry
