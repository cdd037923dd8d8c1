"""Issue 12: is `blind`'s model of the opponent the yardstick? Its strikes on expert's face-down cards, set
beside the odds the model gives the struck square (and, with `expert`, expert's strikes on the yardstick's
cards beside the odds expert's own belief gives them, as `reveal` and the worlds use).

For every strike (attack or Soulcast) the yardstick made on one of expert's face-down cards in the shipped
expert's 200 games, the belief model from the yardstick's seat (its own view and history, dealt as
EXPERT_DEAL: what determinize.exposure_odds gives expert's search) prices the struck square; printed: how
often the struck card was the King and a card of each band of troops (muster cost), against the model's mean odds of the
same, and the mean log-odds of the true card (a model that knew what the yardstick knows would match the
yardstick's hit rates; one that knew less would find its strikes luckier than the odds).

    PYTHONPATH=. python docs/ladder/trials22/yardstick_strikes.py [ismcts|expert] [GAMES]
"""

from __future__ import annotations

import glob
import math
import random
import sys

from towers_core.skirmish import belief, notation, position
from towers_core.skirmish.ai import diagnose
from towers_core.skirmish.cards import BY_CODE, CODES

BASE = "docs/ladder/trials1[01]/*expert_ismcts70k_seed*.jsonl"
SAMPLES = 128
BANDS = (("King", lambda c: c == "K"), ("Sq Sc Ar Sp", lambda c: 0 < BY_CODE[c].troops <= 6),
         ("Kn La So", lambda c: 10 <= BY_CODE[c].troops <= 12), ("Cl Sh", lambda c: BY_CODE[c].troops >= 16))


def strikes(row: dict, striker: str) -> list[tuple[str, dict[str, float]]]:
    """(the struck card, the model's odds of the struck square) of each strike of `striker`'s (a recorded
    name's prefix) on a face-down card of the other player's in the game."""
    out = []
    for ply, pos, history, action in diagnose.plies_of(row, striker):
        d = notation.describe_action(notation.parse(action))
        target = d["target"] if {d["kind"], d["follow"]} & {"attack", "soulcast"} else None
        cell = pos["board"].get(target) if target else None
        if not cell or cell["up"] or cell["owner"] == pos["to_move"]:
            continue
        me = pos["to_move"]
        k = belief.knowledge(position.view(pos, me), me, history)
        counts = belief.identity_counts(k, random.Random(f"strike:{row['seed']}:{ply}"), SAMPLES, None,
                                        belief.EXPERT_DEAL)
        if target in counts:
            out.append((cell["card"], {c: counts[target][c] / SAMPLES for c in CODES}))
    return out


def main() -> None:
    striker = sys.argv[1] if len(sys.argv) > 1 else "ismcts"
    rows = diagnose.load_records(sorted(glob.glob(BASE)))
    rows = rows[: int(sys.argv[2])] if len(sys.argv) > 2 else rows
    seen = [s for r in rows for s in strikes(r, striker)]
    print(f"{len(rows)} games, {len(seen)} strikes of {striker}'s on the other player's face-down cards")
    for name, test in BANDS:
        real = sum(test(card) for card, _ in seen)
        model = sum(p for _, odds in seen for c, p in odds.items() if test(c))
        print(f"  {name:14} struck {real:4d} ({real / len(seen):.1%})   the model's odds {model:7.1f} "
              f"({model / len(seen):.1%})")
    ll = sum(math.log(max(odds[card], 1 / SAMPLES)) for card, odds in seen) / len(seen)
    print(f"  mean log-odds of the true card {ll:.2f} nats")


if __name__ == "__main__":
    main()
