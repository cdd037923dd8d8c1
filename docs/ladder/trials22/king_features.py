"""Issue 12: what the face-down squares expert strikes look like when the yardstick's King is on them.

yardstick_strikes.py found expert's strikes on face-down cards meeting the King 8.6% of the time where its
belief gave him 3.0%. For each of those strikes in the shipped expert's 200 games: the belief's King odds
there (EXPERT_DEAL, 128 deals), and features of the square the belief does not read: how many of the
yardstick's own turns the card has stood there since it arrived (deployed or maneuvered there), whether it
arrived by a deploy, and whether it touches one of expert's face-up cards it could have attacked (a King
attacks revealed cards only and wins). Printed: by feature, the strikes, the King's true rate and the
belief's mean odds; first the same over every face-down square touching expert's cards at expert's moves
(every other one), where the King factor was fitted.

    PYTHONPATH=. python docs/ladder/trials22/king_features.py [GAMES]
"""

from __future__ import annotations

import glob
import random
import sys
from collections import defaultdict

from towers_core.board import DIRECTIONS, step
from towers_core.skirmish import belief, notation, position
from towers_core.skirmish.ai import diagnose

BASE = "docs/ladder/trials1[01]/*expert_ismcts70k_seed*.jsonl"
SAMPLES = 128


def rows_of(row: dict) -> list[tuple[dict, bool, float]]:
    """(features, struck the King, the belief's King odds) of each of expert's strikes on a face-down card."""
    arrived: dict[str, tuple[int, bool]] = {}   # square -> (ply the card arrived, by deploy)
    out = []
    for ply, (pos, history, action) in enumerate(diagnose.replay(row)):
        d = notation.describe_action(notation.parse(action))
        me = pos["to_move"]
        target = d["target"] if {d["kind"], d["follow"]} & {"attack", "soulcast"} else None
        cell = pos["board"].get(target) if target else None
        if (str(diagnose.player_on(row, me)).startswith("expert") and cell and not cell["up"]
                and cell["owner"] != me):
            k = belief.knowledge(position.view(pos, me), me, history)
            odds = belief.identity_counts(k, random.Random(f"king:{row['seed']}:{ply}"), SAMPLES, None,
                                          belief.EXPERT_DEAL)
            since, deployed = arrived.get(target, (0, True))
            touch_up = any(pos["board"].get(n, {}).get("owner") == me and pos["board"][n]["up"]
                           for n in (step(target, dr) for dr in DIRECTIONS) if n)
            feats = {"stood": "0 turns" if ply - since <= 1 else ("1-3 turns" if ply - since <= 7 else "4+ turns"),
                     "arrived": "deployed" if deployed else "maneuvered",
                     "touches expert face-up": "yes" if touch_up else "no"}
            out.append((feats, cell["card"] == "K", odds[target]["K"] / SAMPLES))
        if str(diagnose.player_on(row, me)).startswith("expert") and ply // 2 % 2 == 0:   # every other move, for time
            k = belief.knowledge(position.view(pos, me), me, history)
            odds = belief.identity_counts(k, random.Random(f"all:{row['seed']}:{ply}"), SAMPLES, None,
                                          belief.EXPERT_DEAL)
            for sq, cell in pos["board"].items():
                if sq in odds and sq in k.contact:
                    out.append(({"any face-down square in contact": "all"}, cell["card"] == "K",
                                odds[sq]["K"] / SAMPLES))
        if d["kind"] == "deploy":
            arrived[d["to"]] = (ply, True)
        elif d["kind"] == "maneuver":
            arrived.pop(d["from"], None)
            arrived[d["to"]] = (ply, False)
    return out


def main() -> None:
    rows = diagnose.load_records(sorted(glob.glob(BASE)))
    rows = rows[: int(sys.argv[1])] if len(sys.argv) > 1 else rows
    everything = [x for r in rows for x in rows_of(r)]
    seen = [x for x in everything if "stood" in x[0]]
    contact = [x for x in everything if "stood" not in x[0]]
    kings = sum(k for _, k, _ in contact)
    print(f"at expert's moves (every other), the yardstick's face-down cards touching expert's: {len(contact)},"
          f" the King {kings} ({kings / len(contact):.1%}), the belief {sum(p for _, _, p in contact) / len(contact):.1%}")
    print(f"{len(rows)} games, {len(seen)} strikes of expert's on face-down cards: the King {sum(k for _, k, _ in seen)}"
          f" times, the belief's odds summed {sum(p for _, _, p in seen):.1f}")
    for name in seen[0][0]:
        groups = defaultdict(list)
        for feats, king, p in seen:
            groups[feats[name]].append((king, p))
        for value, xs in sorted(groups.items()):
            kings = sum(k for k, _ in xs)
            print(f"  {name:24} {value:11} {len(xs):4d} strikes  King {kings:3d} ({kings / len(xs):5.1%})"
                  f"  belief {sum(p for _, p in xs) / len(xs):5.1%}")


if __name__ == "__main__":
    main()
