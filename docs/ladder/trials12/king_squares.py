"""Issue 12, twelfth session: the walk the King-odds screens share. At expert's moves in recorded games,
every face-down card of the opponent with the belief's odds of the King there (a level's deal), and the
tally of squares, summed odds and true Kings by feature that they print."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from towers_core.skirmish import belief, position
from towers_core.skirmish.ai.diagnose import load_records, plies_of
from towers_core.skirmish.ai.levels import get_level


def knowledge_at(paths: list[str], every: int) -> Iterator[tuple[dict, list[dict], str, belief.Knowledge]]:
    """(position, expert's history, its action, its knowledge) at every `every`-th ply of expert's with a
    face-down card of the opponent on the board."""
    for row in load_records(paths):
        for _, pos, history, action in plies_of(row, "expert", every):
            me = pos["to_move"]
            k = belief.knowledge(position.view(pos, me), me, history)
            if k.tokens:
                yield pos, history, action, k


def king_odds(level: str, paths: list[str], every: int, deals: int
              ) -> Iterator[tuple[dict, list[dict], str, belief.Knowledge, dict[str, float]]]:
    """knowledge_at's, with each face-down square's odds of the King: his share of `deals` deals."""
    factors = get_level(level).deal_factors
    for pos, history, action, k in knowledge_at(paths, every):
        rng = random.Random(pos["actions"])
        dealt = [belief.sample_hidden(k, rng, factors=factors)[0] for _ in range(deals)]
        yield pos, history, action, k, {sq: sum(d[sq] == "K" for d in dealt) / deals for sq in k.tokens}


class Tally:
    """Squares, the belief's summed odds of the King and the Kings that stood there, by key."""

    def __init__(self) -> None:
        self.n: Counter = Counter()
        self.odds: Counter = Counter()
        self.kings: Counter = Counter()

    def add(self, key: tuple, odds: float, king: bool) -> None:
        self.n[key] += 1
        self.odds[key] += odds
        self.kings[key] += king

    def rows(self) -> Iterator[str]:
        """One line a key, sorted: the key, squares, summed odds, Kings, and Kings over odds."""
        for key in sorted(self.n, key=lambda x: tuple(map(str, x))):
            ratio = self.kings[key] / self.odds[key] if self.odds[key] else float("nan")
            yield (" ".join(f"{str(x):>28}" if i == 0 else f"{str(x):>6}" for i, x in enumerate(key))
                   + f" {self.n[key]:8d} {self.odds[key]:8.1f} {self.kings[key]:6d}  {ratio:.2f}")
