"""Issue 12: a trial's games against a base's, paired by (game seed, A's side), per match seed.

    PYTHONPATH=. python docs/ladder/trials11/paired_table.py 'TRIAL*.jsonl' 'BASE*.jsonl'

Per match seed and overall: W/D/L and score, the base's W/D/L on the same games, how many games the
trial did better and worse, and the mean paired difference in points with its 95% interval; then the
trial's Elo against its opponent (towers_core.elo, pairs as the samples).
"""
from __future__ import annotations

import glob
import json
import math
import sys
from types import SimpleNamespace

from towers_core.elo import elo_interval


def load(pattern: str) -> dict[tuple[int, str], dict]:
    rows = {}
    for path in sorted(glob.glob(pattern)):
        with open(path, encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                rows[(r["seed"], r["a_side"])] = r
    return rows


def match_seed(row: dict) -> int:
    """The match's --seed (matches.game_seed puts it in the millions of each game's seed here)."""
    return row["seed"] // 1_000_000


def line(name: str, rows: list[dict], base: dict[tuple[int, str], float]) -> str:
    w = sum(r["score"] == 1 for r in rows)
    d = sum(r["score"] == 0.5 for r in rows)
    text = f"{name}: {len(rows)} games {w}/{d}/{len(rows) - w - d} {100 * (w + d / 2) / len(rows):.1f}%"
    pairs = [(r["score"], base[(r["seed"], r["a_side"])]) for r in rows if (r["seed"], r["a_side"]) in base]
    if not pairs:
        return text
    diff = [a - b for a, b in pairs]
    n, mean = len(diff), sum(diff) / len(diff)
    half = 1.96 * math.sqrt(sum((x - mean) ** 2 for x in diff) / max(1, n - 1)) / math.sqrt(n)
    bw = sum(b == 1 for _, b in pairs)
    bd = sum(b == 0.5 for _, b in pairs)
    lo, hi = 100 * (mean - half), 100 * (mean + half)
    return (f"{text}  base {bw}/{bd}/{n - bw - bd} better {sum(x > 0 for x in diff)} worse "
            f"{sum(x < 0 for x in diff)} diff {100 * mean:+.1f} ({lo:+.1f} .. {hi:+.1f})")


def main(trial_pattern: str, base_pattern: str) -> None:
    trial = list(load(trial_pattern).values())
    base = {k: r["score"] for k, r in load(base_pattern).items()}
    for seed in sorted({match_seed(r) for r in trial}):
        print(line(str(seed), [r for r in trial if match_seed(r) == seed], base))
    print(line("all", trial, base))
    results = [{"score": r["score"], "game": SimpleNamespace(pair=match_seed(r) * 1000 + r["pair"])} for r in trial]
    elo, elo_lo, elo_hi = elo_interval(results)
    print(f"Elo {elo:+.0f} ({elo_lo:+.0f} .. {elo_hi:+.0f})")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
