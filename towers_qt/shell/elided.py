"""Labels that never widen their window: a long text (a 24-letter player's name) ends in '…' where
there is no room, and the whole of it is in the tooltip; `fit_name` fits a name to a width on up to two
lines (a table's column head, in both games)."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget


def fit_name(name: str, width: int, metrics: QFontMetrics) -> str:
    """`name` in `width` pixels: a computer's level on a second line ("Computer" / "· normal"); a name too
    wide for one line wraps once at a space; a line still too wide ends in "…"."""
    if " · " in name:
        head, tail = name.split(" · ", 1)
        return _elided_lines([head, "· " + tail], width, metrics)
    return wrap_twice(name, width, metrics)


def wrap_twice(text: str, width: int, metrics: QFontMetrics) -> str:
    """`text` in `width` pixels on up to two lines, wrapped at a space; the second ends in "…" if it
    is still too long (a sentence: the banner's look-back line)."""
    if metrics.horizontalAdvance(text) <= width or " " not in text or width <= 0:
        lines = [text]
    else:
        words = text.split(" ")
        first, i = words[0], 1
        while i < len(words) and metrics.horizontalAdvance(f"{first} {words[i]}") <= width:
            first, i = f"{first} {words[i]}", i + 1
        lines = [first, " ".join(words[i:])] if i < len(words) else [first]
    return _elided_lines(lines, width, metrics)


def _elided_lines(lines: list[str], width: int, metrics: QFontMetrics) -> str:
    if width <= 0:  # not laid out yet: whole lines, fitted when there is a width
        return "\n".join(lines)
    return "\n".join(metrics.elidedText(line, Qt.TextElideMode.ElideRight, width) for line in lines)


class ElidedLabel(QLabel):
    """One line (or, with `two_lines`, a name as `fit_name` fits it; with `wrap`, a sentence on up to
    two lines), elided to the width the layout
    gives it. It asks for `min_width` at least and for its text's width up to `max_hint`, so no text,
    however long, makes a dock or a window wider."""

    def __init__(self, text: str = "", parent: QWidget | None = None, min_width: int = 60,
                 max_hint: int = 200, two_lines: bool = False, wrap: bool = False) -> None:
        super().__init__(parent)
        self.full_text = ""
        self.min_width, self.max_hint, self.two_lines, self.wrap = min_width, max_hint, two_lines, wrap
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
        shown = self._fitted(self.contentsRect().width() - 2 * self.margin(), QFontMetrics(self.font()))
        grew = shown.count("\n") != self.text().count("\n")
        super().setText(shown)
        self.setToolTip(self.full_text if shown.replace("\n", " ") != self.full_text else "")
        if grew:
            self.updateGeometry()  # a second line (or one fewer): the layout gives the height

    def _fitted(self, room: int, metrics: QFontMetrics) -> str:
        if self.two_lines:
            return fit_name(self.full_text, room, metrics)
        if self.wrap:
            return wrap_twice(self.full_text, room, metrics)
        return metrics.elidedText(self.full_text, Qt.TextElideMode.ElideRight, room) if room > 0 else self.full_text
