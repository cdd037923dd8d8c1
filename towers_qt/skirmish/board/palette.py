"""Colours of Skirmish's dark parchment theme, shared by the board and the docks. The sides' own
colours (and the attack mark, which must differ from both) change with the scheme, so they are
shell.palette's."""
from __future__ import annotations

from PySide6.QtGui import QColor

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
SCOUT = QColor("#5fb3d9")
SOULCAST = QColor("#b065d8")
LAST = QColor("#fff07a")  # the last action's outline and arrow
CURSOR = QColor("#ffffff")  # the keyboard cursor
