"""Square <-> scene coordinates. The board is drawn from the viewer's home row.

South's view has rank 1 at the bottom; North's view is the same board turned 180 degrees.
Cards stay upright: the orientation moves squares, it never rotates the scene.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF

from towers_core.board import FILES, SIZE, SQUARES

CELL = 100.0
MARGIN = 34.0
BOARD = CELL * SIZE
SCENE_RECT = QRectF(0, 0, BOARD + 2 * MARGIN, BOARD + 2 * MARGIN)
ALL_SQUARES = list(SQUARES)


def cell_of(square: str, flipped: bool) -> tuple[int, int]:
    """(column, row) on screen, row 0 at the top."""
    f, r = FILES.index(square[0]), int(square[1:])
    if flipped:
        return SIZE - 1 - f, r - 1
    return f, SIZE - r


def square_rect(square: str, flipped: bool) -> QRectF:
    """The square's cell in scene coordinates, seen from North's side if `flipped`."""
    col, row = cell_of(square, flipped)
    return QRectF(MARGIN + col * CELL, MARGIN + row * CELL, CELL, CELL)


def square_center(square: str, flipped: bool) -> QPointF:
    """The middle of the square's cell (where a card or an arrow is centred)."""
    return square_rect(square, flipped).center()


def square_at(point: QPointF, flipped: bool) -> str | None:
    """The square under a scene point, or None outside the board."""
    col = int((point.x() - MARGIN) // CELL)
    row = int((point.y() - MARGIN) // CELL)
    if not (0 <= col < SIZE and 0 <= row < SIZE):
        return None
    if flipped:
        return FILES[SIZE - 1 - col] + str(row + 1)
    return FILES[col] + str(SIZE - row)
