"""Switching the sides' colour scheme everywhere at once: the board's QColors (palette), the
dialogs' accent strings and the application style sheet."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

from towers_qt.skirmish.board import palette

# Style-sheet and dialog colours of each side per scheme: (saturated, text on dark).
SHEET = {
    "classic": {"S": ("#a8323a", "#e07a80"), "N": ("#3a62a8", "#8eaee6")},
    "colour-blind": {"S": ("#c77c00", "#f0b040"), "N": ("#1d3f7a", "#7fa8e8")},
}


def apply_scheme(name: str, app: QApplication | None = None) -> None:
    """Recolour the sides in `name`'s scheme (unknown names fall back to classic)."""
    from towers_qt.shell import look as _common

    old = SHEET[palette.scheme]
    palette.use_scheme(name)
    new = SHEET[palette.scheme]
    for side in ("S", "N"):
        _common.SIDE_COLOR[side], _common.SIDE_TEXT[side] = new[side]
    app = app or QApplication.instance()
    if app is not None and app.styleSheet():
        sheet = app.styleSheet()
        for side in ("S", "N"):  # the two schemes share no colour, so replacements never chain
            for before, after in zip(old[side], new[side]):
                sheet = sheet.replace(before, after)
        app.setStyleSheet(sheet)
    for widget in (app.topLevelWidgets() if app else []):
        widget.update()
