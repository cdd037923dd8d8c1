"""7×7 geometry (§3): tile names, tile order a1 … g7, neighbours, lines, Knight offsets."""

from __future__ import annotations

from towers_core.board import FILES, file_rank
from towers_core.board import SQUARE_INDEX as ORDER  # noqa: F401  (a tile's place in tile order: act, hits, rules)
from towers_core.board import SQUARES as TILES  # tile order: the shared 7×7 square order

XY: dict[str, tuple[int, int]] = {t: file_rank(t) for t in TILES}
DIRS: dict[str, tuple[int, int]] = {"n": (0, 1), "ne": (1, 1), "e": (1, 0), "se": (1, -1),
                                    "s": (0, -1), "sw": (-1, -1), "w": (-1, 0), "nw": (-1, 1)}
LANES = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONALS = ((1, 1), (1, -1), (-1, -1), (-1, 1))
LINES = LANES + DIAGONALS
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def tile(x: int, y: int) -> str | None:
    """The tile at (x, y), or None off the board."""
    if 0 <= x < 7 and 0 <= y < 7:
        return FILES[x] + str(y + 1)
    return None


def _add(t: str, d: tuple[int, int], k: int = 1) -> str | None:
    x, y = XY[t]
    return tile(x + d[0] * k, y + d[1] * k)


_STEP: dict[tuple[str, int, int, int], str] = {
    (t, dx, dy, k): n for t in TILES for dx in range(-2, 3) for dy in range(-2, 3) for k in range(1, 8)
    if (n := _add(t, (dx, dy), k)) is not None}


def add(t: str, d: tuple[int, int], k: int = 1) -> str | None:
    """The tile k steps of d from t, or None off the board (table lookup: a hot path)."""
    return _STEP.get((t, d[0], d[1], k))


def dist(a: str, b: str) -> int:
    """Chebyshev distance."""
    (ax, ay), (bx, by) = XY[a], XY[b]
    return max(abs(ax - bx), abs(ay - by))


NEIGHBOURS: dict[str, tuple[str, ...]] = {
    t: tuple(n for d in LINES if (n := add(t, d)) is not None) for t in TILES}


def home_rank(side: str) -> int:
    """0-based rank of the side's Home Row: Gold 0 (rank 1), Crimson 6 (rank 7)."""
    return 0 if side == "G" else 6


def forward(side: str) -> int:
    """The rank step *forward* (§1): +1 for Gold (towards rank 7), −1 for Crimson (towards rank 1)."""
    return 1 if side == "G" else -1


def other(side: str) -> str:
    """The opposing side: `C` for `G`, `G` for `C`."""
    return "C" if side == "G" else "G"


RAYS: dict[str, dict[tuple[int, int], tuple[str, ...]]] = {
    t: {d: tuple(n for k in range(1, 8) if (n := _add(t, d, k)) is not None) for d in LINES} for t in TILES}
