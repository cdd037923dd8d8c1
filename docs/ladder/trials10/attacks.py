"""Issue 12, tenth session: what each player's attacks on face-down cards met, and what expert's worlds
held there (the belief on the cards that decide fights, not the average card).

    PYTHONPATH=. python docs/ladder/trials10/attacks.py RECORD.jsonl ... [--worlds]

Prints, per player family: attacks on face-down and revealed cards and how many took the square; the
face-down targets by true identity; games in which the player attacked a face-down King and its score
in them. With --worlds, for expert's attacks: the share of strong targets (Sh, Cl, Kn, La, K) by the
truth, by the troops-only belief (200 samples) and by the 8 worlds expert searched (the match's seed),
and each identity's share in those worlds against the truth.
"""
from __future__ import annotations

import random
import re
import sys
from collections import Counter, defaultdict

from towers_core.board import SQUARE_INDEX
from towers_core.skirmish import belief, position
from towers_core.skirmish.ai import determinize
from towers_core.skirmish.ai.diagnose import load_records, player_on, replay
from towers_core.skirmish.cards import CODES

STRONG = {"Sh", "Cl", "Kn", "La", "K"}


def family(row: dict, side: str) -> str:
    return str(player_on(row, side)).split(",")[0].split(":")[0]


def main(paths: list[str], worlds: bool) -> None:
    stats: dict[str, Counter] = defaultdict(Counter)
    calib: Counter = Counter()
    in_worlds: Counter = Counter()
    truth: Counter = Counter()
    for row in load_records(paths):
        plays = list(replay(row))
        king_hit = set()
        for i, (pos, history, action) in enumerate(plays):
            me, target = pos["to_move"], re.search(r"x([a-g][1-7])", action)
            who = family(row, me)
            if not target or i + 1 == len(plays):
                continue
            sq = target.group(1)
            card = pos["board"].get(sq)
            if card is None or card["owner"] == me:
                continue
            after = plays[i + 1][0]["board"].get(sq)
            kind = "up" if card["up"] else "down"
            stats[who][kind] += 1
            stats[who][kind + " taken"] += after is None or after["owner"] == me
            if kind == "up":
                continue
            stats[who]["down " + card["card"]] += 1
            if card["card"] == "K":
                king_hit.add(me)
            if worlds and who == "expert":
                view = position.view(pos, me)
                k = belief.knowledge(view, me, history)
                rng = random.Random(i)
                deals = [belief.sample_hidden(k, rng)[0][sq] for _ in range(200)]
                dealt = [CODES[w.get_square(SQUARE_INDEX[sq])[0]]
                         for w in determinize.worlds(view, history, 8, row["seed"] + pos["actions"])]
                calib.update(n=1, truth=card["card"] in STRONG, belief=sum(c in STRONG for c in deals) / 200,
                             worlds=sum(c in STRONG for c in dealt) / 8)
                in_worlds.update(dealt)
                truth[card["card"]] += 1
        for side in king_hit:
            score = row["score"] if row["a_side"] == side else 1 - row["score"]
            stats[family(row, side)].update({"games with a face-down King attacked": 1, "points in them": score})
    for who, c in sorted(stats.items()):
        print(f"{who}: face-down {c['down']} attacked, {c['down taken']} taken; revealed {c['up']}, "
              f"{c['up taken']} taken; games attacking a face-down King {c['games with a face-down King attacked']}"
              f", points in them {c['points in them']:g}")
        print("  face-down targets:", {k[5:]: v for k, v in sorted(c.items()) if k.startswith("down ") and
                                       k != "down taken"})
    if calib["n"]:
        n = calib["n"]
        print(f"expert's {n} face-down targets strong: truth {calib['truth'] / n:.3f}, belief "
              f"{calib['belief'] / n:.3f}, its worlds {calib['worlds'] / n:.3f}")
        for c in sorted(set(truth) | set(in_worlds)):
            print(f"  {c}: worlds {in_worlds[c] / 8 / n:.3f}, truth {truth[c] / n:.3f}")


if __name__ == "__main__":
    args = sys.argv[1:]
    main([a for a in args if a != "--worlds"], "--worlds" in args)
