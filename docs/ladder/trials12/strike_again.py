"""Issue 12, twelfth session: would LEVEL still make expert's recorded strikes on face-down cards? Each
strike on a face-down King, and every EVERY-th strike on any other face-down card (the cost side: a
level that fears the King may pass up good strikes), searched again at LEVEL on expert's node budget
without the clock cap (trials11/king_strikes.choose), the match's seed.

    PYTHONPATH=. python docs/ladder/trials12/strike_again.py LEVEL EVERY RECORD.jsonl ...
"""
from __future__ import annotations

import os
import re
import sys
from collections import Counter
from collections.abc import Iterator

from towers_core.skirmish import position
from towers_core.skirmish.ai.diagnose import load_records, plies_of

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "trials11"))
from king_strikes import choose  # noqa: E402


def face_down_strikes(paths: list[str], every: int) -> Iterator[tuple[dict, dict, list[dict], str, str]]:
    """(game, position, history, struck square, what stood there) of each of expert's strikes on a
    face-down King, and of every `every`-th on another face-down card."""
    others = 0
    for row in load_records(paths):
        for _, pos, history, action in plies_of(row, "expert"):
            target = re.search(r"x([a-g][1-7])", action)
            card = pos["board"].get(target.group(1)) if target else None
            if not card or card["owner"] == pos["to_move"] or card["up"]:
                continue
            if card["card"] != "K":
                others += 1
                if others % every:
                    continue
            yield row, pos, history, target.group(1), card["card"]


def main(level: str, every: int, paths: list[str]) -> None:
    tally: Counter = Counter()
    for row, pos, history, square, card in face_down_strikes(paths, every):
        me = pos["to_move"]
        move = choose(position.view(pos, me), history, level, row["seed"] + pos["actions"], None)
        kind = "King" if card == "K" else "other"
        tally[kind] += 1
        tally[kind + " struck again"] += f"x{square}" in move
        print(f"{row['seed']} {me} ply {pos['actions']}: {card} on {square}; {level} plays {move}", flush=True)
    for kind in ("King", "other"):
        print(f"{kind}: {tally[kind]} strikes, struck again {tally[kind + ' struck again']}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3:])
