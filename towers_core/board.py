"""The 7×7 board every game is played on: square names a1–g7 <-> indices 0–48, steps and distances,
and the two sides that face each other across it in Skirmish and Castles (Gauntlet names its own).

A square's index is rank * 7 + file (a1 = 0, g1 = 6, a2 = 7, g7 = 48), the order the C engines use.
"""

from __future__ import annotations

SIZE = 7
FILES = "abcdefg"
SQUARES: tuple[str, ...] = tuple(f + str(r + 1) for r in range(SIZE) for f in FILES)
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARES)}
PLAYERS: tuple[str, ...] = ("S", "N")  # South (home row 1) and North (home row 7), in Skirmish and Castles
OTHER: dict[str, str] = {"S": "N", "N": "S"}
SIDE_NAMES: dict[str, str] = {"S": "South", "N": "North"}  # the words the core's text and the app use
DIRECTIONS: dict[str, tuple[int, int]] = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}


def file_rank(square: str) -> tuple[int, int]:
    """(file, rank) of a square, both from 0: 'a1' is (0, 0), 'g7' is (6, 6)."""
    i = SQUARE_INDEX[square]
    return i % SIZE, i // SIZE


def step(square: str, direction: str) -> str | None:
    """The neighbouring square towards n/e/s/w, or None off the board."""
    f, r = file_rank(square)
    df, dr = DIRECTIONS[direction]
    f, r = f + df, r + dr
    return SQUARES[r * SIZE + f] if 0 <= f < SIZE and 0 <= r < SIZE else None


def manhattan(a: str, b: str) -> int:
    """Orthogonal steps between two squares."""
    (fa, ra), (fb, rb) = file_rank(a), file_rank(b)
    return abs(fa - fb) + abs(ra - rb)
