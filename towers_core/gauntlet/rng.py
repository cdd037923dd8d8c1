"""§17: SplitMix64, Fisher–Yates, label seeds and the field (Control Tiles, War Chests)."""

from __future__ import annotations

import hashlib

from towers_core.board import FILES

MASK = (1 << 64) - 1


class SplitMix64:
    """The only generator the rules use (§17.1)."""

    def __init__(self, seed: int) -> None:
        self.s = seed & MASK

    def next(self) -> int:
        self.s = (self.s + 0x9E3779B97F4A7C15) & MASK
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def draw(self, n: int) -> int:
        return self.next() % n

    def shuffle(self, items: list) -> list:
        """Fisher–Yates in place: i from n−1 down to 1 swaps with draw(i+1)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.draw(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def label_seed(label: str, run_seed: int) -> int:
    """First 8 bytes big-endian of SHA-256(label + "|" + run seed as 16 lower-case hex)."""
    text = f"{label}|{run_seed & MASK:016x}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def field(seed: int, gauntlet: bool) -> tuple[list[str], dict[str, str]]:
    """Control Tiles x3, y4, x5 and (Gauntlet) the two rank-6 chests, from the field seed."""
    r = SplitMix64(seed)
    x = "bcdef"[r.draw(5)]
    y = "bcdef"[r.draw(5)]
    tiles = [x + "3", y + "4", x + "5"]
    chests: dict[str, str] = {}
    if gauntlet:
        files = list(FILES)
        gold = files.pop(r.draw(7))
        tome = files[r.draw(6)]
        chests = {gold + "6": "gold", tome + "6": "tome"}
    return tiles, chests
