"""Issue 12, fifteenth session: how the yardstick takes the high-ground lead from expert, and what expert
scores after it.

For each of the 200 games, the first ply (up to 30) after which the yardstick holds more high ground than
expert, and the yardstick move that made it so: a deploy onto high ground, a one-square maneuver, a
two-square maneuver (only a Scout or a Lancer can), or a capture that advanced; for a two-square
maneuver, also the card, whether it was face-down, and its Scout and Lancer odds in expert's belief a
turn before. Then expert's points by kind.

    PYTHONPATH=. python docs/ladder/trials15/lead_moves.py RECORD.jsonl ...
"""
from __future__ import annotations

import sys
from collections import defaultdict

from towers_core.matches import OTHER
from towers_core.board import manhattan
from towers_core.skirmish import position
from towers_core.skirmish.belief import hidden_distribution
from towers_core.skirmish.ai.diagnose import family_side, high_held, load_records, replay


def kind(action: str) -> str:
    """The shape of a move that took a square: deploy, maneuver by 1 or 2 squares, or a capture."""
    if "x" in action:
        return "attack"
    if "@" in action:
        return "deploy"
    if "-" in action:
        src, dst = action[:2], action[3:5]
        return f"maneuver {manhattan(src, dst)}"
    return "other"


def main(paths: list[str]) -> None:
    points: dict[str, list[float]] = defaultdict(list)
    for row in load_records(paths):
        ex, score = family_side(row, "expert")
        plays = list(replay(row))
        took = "never before ply 30"
        for i in range(1, min(len(plays), 31)):
            before, _, action = plays[i - 1]
            after = plays[i][0]
            if before["to_move"] == ex:
                continue
            if high_held(after, OTHER[ex]) > high_held(after, ex) and \
                    not high_held(before, OTHER[ex]) > high_held(before, ex):
                took = kind(action)
                if took == "maneuver 2":
                    cell = before["board"][action[:2]]
                    odds = ""
                    if not cell["up"] and i >= 2:
                        view, history = position.view(plays[i - 2][0], ex), plays[i - 2][1]
                        dist = hidden_distribution(view, ex, action[:2], history)
                        odds = f" expert's odds a turn before: Sc {dist.get('Sc', 0):.2f} La {dist.get('La', 0):.2f}"
                    print(f"{row['seed']} ply {i}: {action} by {cell['card']} {'up' if cell['up'] else 'down'}"
                          f"{odds}; expert scored {score}")
                break
        points[took].append(score)
    for took, got in sorted(points.items(), key=lambda kv: -len(kv[1])):
        print(f"{took:22s} {len(got):4d} games, expert scored {sum(got):5.1f} ({sum(got) / len(got):.0%})")


if __name__ == "__main__":
    main(sys.argv[1:])
