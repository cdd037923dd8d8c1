"""Where squares land in the scene for a view mode ("3d" isometric or "2d" grid) and a rotation.

Pure geometry, no rules: a square's floor centre, its outline, how high a piece sits, which square
lies under a scene point, and the drawing depth (nearer the viewer = drawn later) in every rotation.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPolygonF

from towers_core.board import FILES, SQUARES

from towers_qt.castles.board.style import HALF_H, HALF_W, PIECE, UNIT

# Unit steps of each compass direction in board coordinates (east, north).
DIRECTION_STEP = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}


def board_xy(square: str) -> tuple[int, int]:
    """(file, rank) indices 0..6 of a square name."""
    return FILES.index(square[0]), int(square[1:]) - 1


def rotate(u: float, v: float, quarter_turns: int) -> tuple[float, float]:
    """Turn board-centred (east, north) coordinates a number of quarter turns anticlockwise."""
    for _ in range(quarter_turns % 4):
        u, v = -v, u
    return u, v


@dataclass(frozen=True)
class Projection:
    """Maps board squares to scene coordinates for one mode and rotation."""

    mode: str = "3d"
    rotation: int = 0

    def _uv(self, square: str) -> tuple[float, float]:
        f, r = board_xy(square)
        return rotate(f - 3, r - 3, self.rotation)

    def point(self, u: float, v: float, height: float = 0.0) -> QPointF:
        """The scene point of turned, board-centred coordinates, raised `height` pieces (3D only)."""
        if self.mode == "2d":
            return QPointF(u * UNIT, -v * UNIT)
        return QPointF((u - v) * HALF_W, -(u + v) * HALF_H - height * PIECE)

    def board_point(self, east: float, north: float, height: float = 0.0) -> QPointF:
        """The scene point of board-centred coordinates (d4 = 0, 0) before turning."""
        return self.point(*rotate(east, north, self.rotation), height)

    def centre(self, square: str, height: float = 0.0) -> QPointF:
        """The square's centre, raised `height` pieces (3D only)."""
        u, v = self._uv(square)
        return self.point(u, v, height)

    def between(self, a: str, b: str, t: float, height: float = 0.0) -> QPointF:
        """A point `t` of the way from square a's centre to b's (for sliding stacks)."""
        (ua, va), (ub, vb) = self._uv(a), self._uv(b)
        return self.point(ua + (ub - ua) * t, va + (vb - va) * t, height)

    def outline(self, square: str, shrink: float = 0.0, height: float = 0.0) -> QPolygonF:
        """The square's outline on the floor (a diamond in 3D), shrunk by a fraction of a side."""
        u, v = self._uv(square)
        h = 0.5 - shrink
        corners = [(u - h, v - h), (u + h, v - h), (u + h, v + h), (u - h, v + h)]
        return QPolygonF([self.point(cu, cv, height) for cu, cv in corners])

    def lift(self) -> float:
        """Scene units one piece rises on screen (0 in 2D, where stacks are drawn flat)."""
        return 0.0 if self.mode == "2d" else PIECE

    def depth(self, square: str) -> float:
        """Drawing order: squares nearer the viewer get larger values."""
        u, v = self._uv(square)
        return -(u + v) if self.mode == "3d" else 0.0

    def square_at(self, point: QPointF) -> str | None:
        """The square whose floor contains a scene point, or None off the board."""
        if self.mode == "2d":
            u, v = point.x() / UNIT, -point.y() / UNIT
        else:
            a, b = point.x() / HALF_W, -point.y() / HALF_H  # a = u - v, b = u + v
            u, v = (a + b) / 2, (b - a) / 2
        bu, bv = rotate(u, v, -self.rotation)
        f, r = round(bu + 3), round(bv + 3)
        return SQUARES[r * 7 + f] if 0 <= f < 7 and 0 <= r < 7 else None

    def screen_direction(self, key_direction: str) -> str:
        """The board direction that points the way of a screen arrow ("n" = up, "e" = right ...)."""
        order = "nesw"
        return order[(order.index(key_direction) + self.rotation) % 4]

    def bounds(self) -> QRectF:
        """The scene rectangle that holds the board, its rim, labels and the tallest towers."""
        if self.mode == "2d":
            return QRectF(-4.1 * UNIT, -4.1 * UNIT, 8.2 * UNIT, 8.2 * UNIT)
        return QRectF(-8.4 * HALF_W, -8.3 * HALF_H - 6 * PIECE, 16.8 * HALF_W, 16.6 * HALF_H + 6 * PIECE + 28)
