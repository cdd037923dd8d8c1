"""About: name, version, icon, a line from each game of the registry, and the fan-project notice
the seed requires word for word."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from towers_qt.games import kinds
from towers_qt.shell.look import (
    GOLD,
    INK,
    MUTED,
    app_version,
    heading,
    icon_pixmap,
    primary,
)

NOTICE = ("An unofficial fan-made playtest of the in-world game from The Stormlight Archive. "
          "Not affiliated with or endorsed by Brandon Sanderson or Dragonsteel.")
ART = "All art is original to this project."
TAGLINE = "Strategy board games for two on a 7×7 board, against the computer or hot-seat."
BUILT = "Built with Qt (PySide6) and Cython rules engines."
ICON = 96


class AboutDialog(QDialog):
    """The About box (Help ▸ About Towers)."""

    def __init__(self, parent: QWidget | None = None, version: str | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle("About Towers")
        self.version = version or app_version()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(30, 26, 30, 18)
        layout.setSpacing(14)
        layout.addLayout(self._title_row())
        self.notice = _text(NOTICE, INK)
        self.notice.setObjectName("aboutNotice")
        self.notice.setStyleSheet(f"color: {INK}; border-left: 3px solid {GOLD};"
                                  " padding: 2px 0 2px 10px;")
        self.art = _text(ART, INK)
        self.art.setObjectName("aboutArt")
        self.game_lines = [_text(f"<b>{kind.title}</b>: {kind.about}", MUTED) for kind in kinds()]
        for line in self.game_lines:
            layout.addWidget(line)
        layout.addWidget(_text(BUILT, MUTED))
        layout.addWidget(self.notice)
        layout.addWidget(self.art)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        primary(buttons.button(QDialogButtonBox.StandardButton.Close))
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        layout.setSizeConstraint(QVBoxLayout.SizeConstraint.SetFixedSize)

    def _title_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(20)
        icon = QLabel()
        icon.setObjectName("aboutIcon")
        icon.setPixmap(icon_pixmap(ICON, self.devicePixelRatioF()))
        icon.setFixedSize(ICON, ICON)
        row.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        column = QVBoxLayout()
        column.setSpacing(4)
        column.addWidget(heading("Towers", size=26))
        self.version_label = QLabel(f"Version {self.version}")
        self.version_label.setStyleSheet(f"color: {GOLD};")
        column.addWidget(self.version_label)
        column.addWidget(_text(TAGLINE, INK, 460 - ICON - 20))
        row.addLayout(column, 1)
        return row


def _text(text: str, color: str, width: int = 460) -> QLabel:
    """Wrapped text with a set width: wrapped labels otherwise size themselves too narrow."""
    label = QLabel(text)
    label.setMinimumWidth(width)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setStyleSheet(f"color: {color};")
    return label
