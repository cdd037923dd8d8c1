"""Colours of the dark parchment theme, shared by the board and the docks.

Two schemes for the sides: the classic crimson/blue, and a colour-blind-safe amber/navy
(Okabe–Ito hues that also differ strongly in lightness). `use_scheme` recolours every QColor here
in place, so widgets that keep a reference repaint in the new colours.
"""
from __future__ import annotations

from PySide6.QtGui import QColor

SIDE = {"S": QColor("#a8323a"), "N": QColor("#3a62a8")}
SIDE_LIGHT = {"S": QColor("#d9737a"), "N": QColor("#7b9be0")}
GOLD = QColor("#c9a24a")
GOLD_LIGHT = QColor("#ecd391")
INK = QColor("#2b2118")
PARCHMENT = QColor("#efe3c4")
PARCHMENT_DARK = QColor("#dccb9f")
FRAME = QColor("#1d1712")
SQUARE_LIGHT = QColor("#cdb98c")
SQUARE_DARK = QColor("#bda676")
HIGH = QColor("#8fa05a")
MOUNTAIN = QColor("#6f6a63")
ATTACK = QColor("#e0453a")
SCOUT = QColor("#5fb3d9")
SOULCAST = QColor("#b065d8")
LAST = QColor("#fff07a")  # the last action's outline and arrow
CURSOR = QColor("#ffffff")  # the keyboard cursor

# scheme -> (South, North, South light, North light, attack); "classic" is the art's own colours.
SCHEMES = {
    "classic": ("#a8323a", "#3a62a8", "#d9737a", "#7b9be0", "#e0453a"),
    "colour-blind": ("#c77c00", "#1d3f7a", "#f0b040", "#7fa8e8", "#ff2d8a"),
}
SCHEME_WORDS = {"classic": {"S": "red", "N": "blue"}, "colour-blind": {"S": "amber", "N": "navy"}}
scheme = "classic"


def use_scheme(name: str) -> None:
    """Recolour the sides (and the attack mark, which must differ from both) in place."""
    global scheme
    south, north, south_light, north_light, attack = SCHEMES.get(name, SCHEMES["classic"])
    scheme = name if name in SCHEMES else "classic"
    for colour, value in ((SIDE["S"], south), (SIDE["N"], north), (SIDE_LIGHT["S"], south_light),
                          (SIDE_LIGHT["N"], north_light), (ATTACK, attack)):
        colour.setRgba(QColor(value).rgba())


def colour_word(side: str) -> str:
    """The side's colour in words, for text ("red", "amber")."""
    return SCHEME_WORDS[scheme][side]


