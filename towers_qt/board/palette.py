"""Colours of the dark parchment theme, shared by the board and the docks."""
from __future__ import annotations

from PySide6.QtGui import QColor

SIDE = {"S": QColor("#a8323a"), "N": QColor("#3a62a8")}
SIDE_LIGHT = {"S": QColor("#d9737a"), "N": QColor("#7b9be0")}
SIDE_NAME = {"S": "South", "N": "North"}
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


def other(player: str) -> str:
    return "N" if player == "S" else "S"
