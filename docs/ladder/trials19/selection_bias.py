"""Issue 12: is the open / rest screen biased? Leave each player out, sort the deals by the others' games alone.

    PYTHONPATH=. python docs/ladder/trials19/selection_bias.py > docs/ladder/trials19/selection_bias.txt

`open_deals.txt` (seventeenth session) sorted the deals by every expert variant's win rate on them, the
shipped expert's own game included. A deal sorted by a rate that holds a player's own result is sorted partly
by that result: its wins fall among the "rest" and its losses among the "open", so any other player's replay
is set beside a lucky half and an unlucky half. Here each player (a level name in one folder of docs/ladder,
with at least MIN_GAMES games on seeds 15-20) is left out in turn, the deals are sorted by the others' rate
alone (open: below 0.8 with at least 4 games, as screen_open.py), and the player's points on each half are
set beside the others' mean, with the same sort repeated with the player's own games put back in.
"""
from __future__ import annotations

import glob
from collections import defaultdict
from pathlib import Path

from towers_core.errors import TowersError
from towers_core.skirmish.ai.diagnose import load_records

YARDSTICK = "ismcts:iters=70000"
SEEDS = range(15, 21)
OPEN_BELOW = 0.8
MIN_GAMES = 4
MIN_PLAYER_GAMES = 60


def games() -> dict[tuple[str, str], dict[tuple[int, str], list[float]]]:
    """(folder, level) -> deal -> that player's scores."""
    out: dict = defaultdict(lambda: defaultdict(list))
    for path in sorted(glob.glob("docs/ladder/**/*.jsonl", recursive=True)):
        try:
            rows = load_records([path])
        except TowersError:     # a .jsonl of something other than recorded games
            continue
        for r in rows:
            if r.get("b") == YARDSTICK and str(r.get("a", "")).startswith("expert") and r["seed"] // 1_000_000 in SEEDS:
                out[(str(Path(path).parent), r["a"])][(r["seed"], r["a_side"])].append(r["score"])
    return out


def halves(player: dict, others: dict) -> tuple[list[float], list[float]]:
    """[player's points, others' mean points, deals] on the open deals and on the rest, sorted by `others`."""
    open_, rest = [0.0, 0.0, 0], [0.0, 0.0, 0]
    for deal, scores in player.items():
        seen = others.get(deal, [])
        if not seen:
            continue
        rate = sum(seen) / len(seen)
        half = open_ if len(seen) >= MIN_GAMES and rate < OPEN_BELOW else rest
        half[0] += sum(scores) / len(scores)
        half[1] += rate
        half[2] += 1
    return open_, rest


def main() -> None:
    table = games()
    print("| player (folder, level) | deals | open: own / others' mean | rest: own / others' mean | "
          "all: own − others' mean | open, own games counted in the sort | rest, own games counted |")
    print("|---|---|---|---|---|---|---|")
    sums = [0.0, 0.0, 0.0, 0.0]
    n = 0
    for key, player in sorted(table.items()):
        if sum(map(len, player.values())) < MIN_PLAYER_GAMES:
            continue
        others: dict = defaultdict(list)
        everyone: dict = defaultdict(list)
        for other, deals in table.items():
            for deal, scores in deals.items():
                everyone[deal].extend(scores)
                if other != key:
                    others[deal].extend(scores)
        (o, r) = halves(player, others)
        # the same player sorted with its own games in the rate, as open_deals.txt was
        (oi, ri) = halves(player, everyone)
        print(f"| {key[0].removeprefix('docs/ladder/') or '.'} {key[1]} | {o[2] + r[2]} | "
              f"{o[0]:g} / {o[1]:.1f} ({o[2]}) | {r[0]:g} / {r[1]:.1f} ({r[2]}) | {o[0] + r[0] - o[1] - r[1]:+.1f} | "
              f"{oi[0] - oi[1]:+.1f} ({oi[2]}) | {ri[0] - ri[1]:+.1f} ({ri[2]}) |")
        sums[0] += o[0] - o[1]
        sums[1] += r[0] - r[1]
        sums[2] += oi[0] - oi[1]
        sums[3] += ri[0] - ri[1]
        n += 1
    print(f"\n{n} players; mean excess over the others, sorted without its own games: open {sums[0] / n:+.2f}, "
          f"rest {sums[1] / n:+.2f}; sorted with them: open {sums[2] / n:+.2f}, rest {sums[3] / n:+.2f}")


if __name__ == "__main__":
    main()
