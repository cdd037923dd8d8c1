"""Issue 12: how often every expert variant ever played won each deal of seeds 15-20 against the yardstick.

    PYTHONPATH=. python docs/ladder/trials16/deal_rates.py > docs/ladder/trials16/deal_rates.txt

A deal is one game of a match seed (its game seed and expert's side: terrain, first player, musters).
Every record in docs/ladder/ with A an expert variant (expert, expert,KEY:VALUE, ...) and B the yardstick
at 70,000 iterations counts once per game. The shipped expert's 200 games (trials10 kingtouch16 and
trials11 *_rest) are then sorted by how the variants fared on the same deal: deals almost every variant
loses, deals that go either way, deals almost every variant wins, and what the shipped expert scored in each.
"""
from __future__ import annotations

import glob
from collections import defaultdict

from towers_core.skirmish.ai.diagnose import load_records

YARDSTICK = "ismcts:iters=70000"
SEEDS = range(15, 21)
BASE = ("docs/ladder/trials10/kingtouch16_expert_ismcts70k_seed1[5679].jsonl",
        "docs/ladder/trials11/expert_ismcts70k_seed*_rest.jsonl")
BANDS = ((0.2, "lost by nearly every variant (rate < 0.2)"), (0.8, "either way (0.2 <= rate < 0.8)"),
         (1.0, "won by nearly every variant (rate >= 0.8)"))


def records(patterns: tuple[str, ...]) -> list[dict]:
    """The recorded games of every file the patterns match (diagnose.load_records)."""
    return load_records([path for pattern in patterns for path in sorted(glob.glob(pattern, recursive=True))])


def variant_scores() -> dict[tuple[int, str], list[float]]:
    """Every expert variant's score on each deal of the seeds, over all records in docs/ladder."""
    scores: dict[tuple[int, str], list[float]] = defaultdict(list)
    for r in records(("docs/ladder/**/*.jsonl",)):
        if r.get("b") == YARDSTICK and str(r.get("a", "")).startswith("expert") and r["seed"] // 1_000_000 in SEEDS:
            scores[(r["seed"], r["a_side"])].append(r["score"])
    return scores


def band(rate: float) -> str:
    return next(name for top, name in BANDS if rate < top or top == 1.0)


def main() -> None:
    scores = variant_scores()
    base = {(r["seed"], r["a_side"]): r["score"] for r in records(BASE)}
    print(f"{len(scores)} deals of seeds 15-20 played by expert variants, {sum(map(len, scores.values()))} games")
    print(f"shipped expert: {len(base)} games, {sum(base.values()):g} points\n")
    rows: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for deal, score in base.items():
        played = scores[deal]
        name = "fewer than 4 variant games" if len(played) < 4 else band(sum(played) / len(played))
        rows[name][0] += 1
        rows[name][1] += score
        rows[name][2] += sum(played) / len(played)
    print("| deals, by the variants' win rate on them | deals | shipped expert's points | variants' mean points |")
    print("|---|---|---|---|")
    for name, (n, points, mean) in sorted(rows.items()):
        print(f"| {name} | {n} | {points:g} | {mean:.1f} |")
    print("\nthe deals lost most often (rate, variant games, game seed, expert's side, shipped expert's score):")
    worst = sorted((sum(v) / len(v), len(v), k) for k, v in scores.items() if len(v) >= 5)[:12]
    for rate, n, (seed, side) in worst:
        print(f"  {rate:.2f} {n:3d} {seed} {side} {base.get((seed, side), '-')}")


if __name__ == "__main__":
    main()
