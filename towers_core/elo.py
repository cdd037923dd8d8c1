"""Elo figures of a match from colour-swapped game pairs, shared by every game's match runner."""

from __future__ import annotations

import math
import statistics


def elo(score: float) -> float:
    """The Elo difference that predicts this expected score (0 < score < 1)."""
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_interval(results: list[dict]) -> tuple[float, float, float]:
    """Elo difference and its 95% interval; pairs are the independent samples (shared seeds).

    Each result needs `score` (A's, 1 / 0.5 / 0) and `game.pair`.
    """
    pairs: dict[int, list[float]] = {}
    for r in results:
        pairs.setdefault(r["game"].pair, []).append(r["score"])
    samples = [sum(v) / len(v) for v in pairs.values()]
    n_games = len(results)
    mean = sum(r["score"] for r in results) / n_games
    se = statistics.pstdev(samples) / math.sqrt(len(samples)) if len(samples) >= 2 else 0.0
    if se == 0.0:  # a clean sweep (or one pair): fall back on the binomial spread of a coin at 1/n
        p = min(max(mean, 1.0 / n_games), 1 - 1.0 / n_games)
        se = math.sqrt(p * (1 - p) / n_games)
    lo_clip, hi_clip = 0.5 / n_games, 1 - 0.5 / n_games

    def clip(s: float) -> float:
        return min(max(s, lo_clip), hi_clip)

    return elo(clip(mean)), elo(clip(mean - 1.96 * se)), elo(clip(mean + 1.96 * se))
