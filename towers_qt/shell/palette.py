"""The sides' colours, the same in every game and window, in two schemes: the classic crimson/blue
and a colour-blind-safe amber/navy (Okabe–Ito hues that also differ strongly in lightness).

One table per scheme holds every form a side's colour takes. `apply_scheme` recolours the QColors
here in place (so a board that keeps a reference repaints in the new colours), the dialogs' colour
strings and the application's style sheet, all at once.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication


@dataclass(frozen=True)
class Scheme:
    """One colour scheme: every form the two sides' colours take."""
    words: dict[str, str]   # the colours in words, for text: "red", "amber"
    side: dict[str, str]    # saturated: cards, pieces, bands and the style sheet's accents
    light: dict[str, str]   # lightened: the board's marks and the Log's lines
    text: dict[str, str]    # text on the dark ground of the docks and dialogs
    attack: str             # the attack mark, unlike either side


SCHEMES: dict[str, Scheme] = {
    "classic": Scheme({"S": "red", "N": "blue"}, {"S": "#a8323a", "N": "#3a62a8"},
                      {"S": "#d9737a", "N": "#7b9be0"}, {"S": "#e07a80", "N": "#8eaee6"}, "#e0453a"),
    "colour-blind": Scheme({"S": "amber", "N": "navy"}, {"S": "#c77c00", "N": "#1d3f7a"},
                           {"S": "#f0b040", "N": "#7fa8e8"}, {"S": "#f0b040", "N": "#7fa8e8"}, "#ff2d8a"),
}
_CLASSIC = SCHEMES["classic"]

SIDE = {s: QColor(c) for s, c in _CLASSIC.side.items()}
SIDE_LIGHT = {s: QColor(c) for s, c in _CLASSIC.light.items()}
ATTACK = QColor(_CLASSIC.attack)
SIDE_COLOR = dict(_CLASSIC.side)  # the same colours as strings, for style sheets and rich text
SIDE_TEXT = dict(_CLASSIC.text)
_current = "classic"


def scheme_name() -> str:
    """The scheme in use: "classic" (the art's own colours) or "colour-blind"."""
    return _current


def colour_word(side: str) -> str:
    """The side's colour in words, for text ("red", "amber")."""
    return SCHEMES[_current].words[side]


def apply_scheme(name: str, app: QApplication | None = None) -> None:
    """Recolour the sides in `name`'s scheme everywhere (an unknown name falls back to classic) and
    repaint the open windows; the two schemes share no colour, so the style sheet's swaps never chain."""
    global _current
    old, new = SCHEMES[_current], SCHEMES.get(name, _CLASSIC)
    _current = name if name in SCHEMES else "classic"
    for s in SIDE:
        SIDE[s].setRgba(QColor(new.side[s]).rgba())
        SIDE_LIGHT[s].setRgba(QColor(new.light[s]).rgba())
        SIDE_COLOR[s], SIDE_TEXT[s] = new.side[s], new.text[s]
    ATTACK.setRgba(QColor(new.attack).rgba())
    app = app or QApplication.instance()
    if app is None:
        return
    sheet = app.styleSheet()
    if sheet and old is not new:
        for s in SIDE:
            sheet = sheet.replace(old.side[s], new.side[s]).replace(old.text[s], new.text[s])
        app.setStyleSheet(sheet)
    for widget in app.topLevelWidgets():
        widget.update()
