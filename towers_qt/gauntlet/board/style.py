"""The battle board's colours and sizes: the project's own parchment field, crimson and gold."""
from __future__ import annotations

from PySide6.QtGui import QColor

TILE = 88          # scene units per tile
MARGIN = 22        # room for the file letters and rank numbers
SIDE = {"C": QColor("#a3283a"), "G": QColor("#c9a24a")}
SIDE_DARK = {"C": QColor("#5e1420"), "G": QColor("#7a5d1e")}
SIDE_INK = {"C": QColor("#fbe9e9"), "G": QColor("#2b2110")}
LIGHT_TILE = QColor("#d9c9a6")
DARK_TILE = QColor("#c4b08a")
HOME_TINT = {"C": QColor(163, 40, 58, 46), "G": QColor(201, 162, 74, 70)}
CONTROL = QColor("#2f7d6b")
GRID = QColor("#8a7555")
FRAME = QColor("#3a3027")
COORD = QColor("#e8dcc4")
MOVE = QColor(64, 150, 90, 120)
TARGET = QColor(214, 60, 50, 130)
CHOSEN = QColor(250, 220, 120, 150)
SELECTED = QColor("#fff2b0")
HP_GOOD = QColor("#4caf50")
HP_LOW = QColor("#e0453a")
HEAL = QColor("#5fc36a")
BURN = QColor("#ff7a1a")

# The sides in each of the shell's schemes (shell.palette): crimson and gold, or, colour-blind-safe,
# navy and amber, which differ in lightness as well as hue. Recoloured in place, so a cached QColor follows.
SCHEMES = {
    "classic": {"side": ("#a3283a", "#c9a24a"), "dark": ("#5e1420", "#7a5d1e"), "ink": ("#fbe9e9", "#2b2110")},
    "colour-blind": {"side": ("#1d3f7a", "#e69f00"), "dark": ("#0b1f40", "#8a5a00"), "ink": ("#f2f6ff", "#221600")},
}


def apply_scheme(name: str) -> None:
    """The sides' colours in the scheme `name` (an unknown one is classic)."""
    scheme = SCHEMES.get(name, SCHEMES["classic"])
    for table, key in ((SIDE, "side"), (SIDE_DARK, "dark"), (SIDE_INK, "ink")):
        for side, colour in zip(("C", "G"), scheme[key]):
            table[side].setRgba(QColor(colour).rgba())
