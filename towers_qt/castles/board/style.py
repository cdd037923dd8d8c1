"""Colours and sizes of the Castles board, in one place.

The sides' colours are shell.palette's QColors (shared objects, so the colour-blind scheme recolours
the Castles board too); the rest is the board's own wood, stone and castle green.
"""
from __future__ import annotations

from PySide6.QtGui import QColor

from towers_qt.shell.palette import SIDE, SIDE_LIGHT

NEUTRAL = QColor("#d8d0c0")
NEUTRAL_LIGHT = QColor("#f2ece0")
GOLD = QColor("#e2b64a")
GOLD_LIGHT = QColor("#ffe08a")
CASTLE = QColor("#4f8a4a")
CASTLE_LIGHT = QColor("#6fae62")
WOOD_LIGHT = QColor("#d7b27a")
WOOD_DARK = QColor("#c29a62")
WOOD_EDGE = QColor("#6b4523")
WOOD_EDGE_DARK = QColor("#4a2e16")
TABLE = QColor("#2a2420")
LAST = QColor("#fff07a")
CURSOR = QColor("#ffffff")
SELECT = QColor("#ffd54a")
GHOST_ALPHA = 120

# Scene units: one square is UNIT wide (2D) / 2*HALF_W wide (3D); one piece is PIECE tall in 3D.
UNIT = 80.0
HALF_W = 52.0
HALF_H = 26.0
PIECE = 15.0


def piece_colour(piece: str) -> QColor:
    """The base colour of a piece (S, N or X)."""
    return NEUTRAL if piece == "X" else SIDE[piece]


def piece_light(piece: str) -> QColor:
    """The lit (top face) colour of a piece."""
    return NEUTRAL_LIGHT if piece == "X" else SIDE_LIGHT[piece]
