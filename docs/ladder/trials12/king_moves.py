"""Issue 12, twelfth session: does how a face-down card came to its square tell the King? Every face-down
card of expert's opponent at every second of expert's moves, by its maneuvers since it was deployed and
by its age (the opponent's turns since), against the belief's summed odds of the King at LEVEL.

    PYTHONPATH=. python docs/ladder/trials12/king_moves.py LEVEL RECORD.jsonl ...
"""
from __future__ import annotations

import sys

from towers_core.skirmish.position import HIDDEN

from king_squares import Tally, king_odds  # beside this script

DEALS = 40


def careers(history: list[dict], opponent: str) -> dict[str, tuple[int, int]]:
    """Face-down square -> (maneuvers since its deploy, the opponent's turns since), from the opponent's
    actions in the viewer's history (a card the history does not follow is absent)."""
    out: dict[str, tuple[int, int]] = {}
    for entry in history:
        action = str(entry.get("action", ""))
        if entry["view"]["to_move"] == opponent:
            continue
        out = {sq: (m, age + 1) for sq, (m, age) in out.items()}
        if action.startswith("?@"):
            out[action[2:4]] = (0, 0)
        elif len(action) >= 5 and action[2] == "-" and action[0:2] in out:
            m, age = out.pop(action[0:2])
            out[action[3:5]] = (m + 1, age)
        board = entry["view"]["board"]
        out = {sq: v for sq, v in out.items()
               if board.get(sq, {}).get("card") == HIDDEN and board[sq]["owner"] == opponent}
    return out


def main(level: str, paths: list[str]) -> None:
    tally = Tally()
    for pos, history, _, k, odds in king_odds(level, paths, 2, DEALS):
        life = careers(history, k.opponent)
        for sq, p in odds.items():
            moves, age = life.get(sq, (-1, -1))
            for where in ("all", "near" if sq in k.contact else "far"):
                for key in (("moves", min(moves, 3)), ("age", min(age, 12) // 3 * 3 if age >= 0 else -1)):
                    tally.add((where, *key), p, pos["board"][sq]["card"] == "K")
    print(f"{'where':>28} {'feature':>6} {'value':>6} {'squares':>8} {'odds':>8} {'Kings':>6}  ratio")
    for line in tally.rows():
        print(line)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
