"""Issue 12: play an expert variant on the deals that decide the 90% goal, and compare it there.

    PYTHONPATH=. python docs/ladder/trials17/screen_open.py LEVEL OUT.jsonl [SKIP [STOP]]
    PYTHONPATH=. python docs/ladder/trials17/screen_open.py --list > docs/ladder/trials17/open_deals.txt
    PYTHONPATH=. python docs/ladder/trials17/screen_open.py --rest LEVEL OUT.jsonl [SKIP]   (the other 139)
    PYTHONPATH=. python docs/ladder/trials17/screen_open.py --list-rest > docs/ladder/trials17/rest_deals.txt

The deals (open_deals.txt, listed once so that later trials in docs/ladder do not move them) are the
shipped expert's games of seeds 15-20 that the expert variants recorded in docs/ladder won less than 80% of
the time (at least 4 variant games; trials16/deal_rates.py): the open and the lost ones, 61 of the 200,
where nearly all the difference between variants lies. Each deal is played once more with LEVEL against
the yardstick (the same game seed, side and pair, so the same terrain, first player and musters as the
base game); records are appended to OUT, SKIP leaves out the first deals (to resume), STOP ends before deal
STOP + 1 (to split the deals between two processes). `--rest` plays the
shipped expert's other 139 deals (rest_deals.txt, in a fixed shuffled order so that a part of them is a
fair sample), to complete a candidate's 200. At the end the screen's points are set beside the shipped
expert's and the variants' mean on the same deals: a candidate for 90% needs about 44 of the 61 (the 119
won deals held); the variants average about 34.
"""
from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

from towers_core import matches
from towers_core.matches import Game
from towers_core.skirmish.ai.diagnose import load_records
from towers_core.skirmish.ai.match import play_game

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("deal_rates", HERE.parent / "trials16" / "deal_rates.py")
deal_rates = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(deal_rates)
OPEN_BELOW = 0.8
MIN_GAMES = 4


def list_deals(rest: bool = False) -> list[tuple[dict, float]]:
    """(the shipped expert's record, the variants' win rate) of each open or lost deal, by seed and side;
    with `rest`, of each other deal, shuffled by a fixed seed."""
    scores = deal_rates.variant_scores()
    out = []
    for r in deal_rates.records(deal_rates.BASE):
        played = scores[(r["seed"], r["a_side"])]
        rate = sum(played) / len(played)
        if (len(played) >= MIN_GAMES and rate < OPEN_BELOW) != rest:
            out.append((r, rate))
    out.sort(key=lambda x: (x[0]["seed"], x[0]["a_side"]))
    if rest:
        random.Random("rest deals").shuffle(out)
    return out


def open_deals(listing: str = "open_deals.txt") -> list[tuple[dict, float]]:
    """The listed deals: the shipped expert's records and the variants' rates from `listing`."""
    base = {(r["seed"], r["a_side"]): r for r in deal_rates.records(deal_rates.BASE)}
    out = []
    for line in (HERE / listing).read_text().splitlines():
        seed, side, rate = line.split()[:3]
        out.append((base[(int(seed), side)], float(rate)))
    return out


def compare(deals: list[tuple[dict, float]], out: str, level: str) -> None:
    """The screen's points on the deals it has played, beside the base's and the variants' mean."""
    rows = load_records([out]) if Path(out).exists() else []
    played = {(r["seed"], r["a_side"]): r["score"] for r in rows if r["a"] == level}
    same = [(base, rate) for base, rate in deals if (base["seed"], base["a_side"]) in played]
    mine = sum(played[(b["seed"], b["a_side"])] for b, _ in same)
    better = sum(played[(b["seed"], b["a_side"])] > b["score"] for b, _ in same)
    worse = sum(played[(b["seed"], b["a_side"])] < b["score"] for b, _ in same)
    print(f"{level}: {mine:g} of {len(same)} deals; shipped expert {sum(b['score'] for b, _ in same):g}, "
          f"variants' mean {sum(rate for _, rate in same):.1f}; better {better}, worse {worse}")


def main() -> None:
    if sys.argv[1] in ("--list", "--list-rest"):
        for r, rate in list_deals(rest=sys.argv[1] == "--list-rest"):
            print(r["seed"], r["a_side"], f"{rate:.4f}", f"{r['score']:g}")
        return
    args = sys.argv[1:]
    rest = args[0] == "--rest"
    level, out = args[rest], args[rest + 1]
    skip = int(args[rest + 2]) if len(args) > rest + 2 else 0
    deals = open_deals("rest_deals.txt" if rest else "open_deals.txt")
    stop = int(args[rest + 3]) if len(args) > rest + 3 else len(deals)
    jobs = [Game(b["pair"], level, deal_rates.YARDSTICK, b["a_side"], b["seed"]) for b, _ in deals][skip:stop]
    for i, r in enumerate(matches.run_games(play_game, jobs, 1), start=skip + 1):
        matches.record_game(out, r)
        total, longest, moves = r["think_a"]
        print(f"deal {i:>2}/{len(deals)} seed {r['game'].seed} {r['game'].a_side}: {r['score']:g} "
              f"by {r['reason']} in {r['plies']} plies; {total / max(1, moves):.2f} s a move, longest {longest:.2f}",
              flush=True)
    compare(deals, out, level)


if __name__ == "__main__":
    main()
