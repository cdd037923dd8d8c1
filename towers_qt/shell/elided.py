"""A one-line label that never widens its window: a long text (a 24-letter player's name) ends in '…'
where there is no room, and the whole of it is in the tooltip."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget


class ElidedLabel(QLabel):
    """One line, elided to the width the layout gives it. It asks for `min_width` at least and for its
    text's width up to `max_hint`, so no text, however long, makes a dock or a window wider."""

    def __init__(self, text: str = "", parent: QWidget | None = None, min_width: int = 60,
                 max_hint: int = 200) -> None:
        super().__init__(parent)
        self.full_text = ""
        self.min_width, self.max_hint = min_width, max_hint
        self.set_full_text(text)

    def set_full_text(self, text: str) -> None:
        """Show `text`, elided to the current width; the tooltip holds it whole when it is cut."""
        self.full_text = text
        self._elide()
        self.updateGeometry()

    def minimumSizeHint(self) -> QSize:
        return QSize(self.min_width, super().minimumSizeHint().height())

    def sizeHint(self) -> QSize:
        width = QFontMetrics(self.font()).horizontalAdvance(self.full_text) + 2 * self.margin() + 4
        return QSize(max(self.min_width, min(width, self.max_hint)), super().sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._elide()
        super().resizeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:  # e.g. a style sheet's font size: measure again
            self._elide()
        super().changeEvent(event)

    def _elide(self) -> None:
        room = self.contentsRect().width() - 2 * self.margin()
        metrics = QFontMetrics(self.font())
        shown = metrics.elidedText(self.full_text, Qt.TextElideMode.ElideRight, room) if room > 0 else self.full_text
        super().setText(shown)
        self.setToolTip(self.full_text if shown != self.full_text else "")
