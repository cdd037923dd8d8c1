"""DIAGNOSTIC ONLY, never a player of the app or of `towers-cli`: expert's search handed what its
player cannot see, to measure how much of expert's loss to the yardstick is hidden information
(issue 12, docs/ai.md "Eighth session"). It lives here, beside its logs, not in the package.

  full      one world, the true position (every hidden card known), expert's 3M nodes
  multiset  8 worlds holding exactly the true hidden cards, dealt to the squares by the belief
            model's deal (knows *what* is hidden, not *where*)

Run from the project root:
  PYTHONPATH=. python docs/ladder/trials8/oracle.py ismcts:iters=70000 40 19 out.jsonl 3000000 full
"""

import random
import sys

from towers_core import matches
from towers_core.matches import OTHER, Game
from towers_core.skirmish import belief, notation, position
from towers_core.skirmish.ai import determinize
from towers_core.skirmish.ai.contenders import choose_muster
from towers_core.skirmish.ai.match import by_view, play_with
from towers_core.skirmish.ai.search import Search

NODES = int(sys.argv[5]) if len(sys.argv) > 5 else 3_000_000
MODE = sys.argv[6] if len(sys.argv) > 6 else "full"
RESIGN = notation.parse("resign")


def multiset_worlds(pos: dict, history: list, seed: int, count: int = 8) -> list:
    """Worlds with the true hidden multiset, dealt by the model (placement as at the time: by troops)."""
    me = pos["to_move"]
    opp = OTHER[me]
    view = position.view(pos, me)
    k = belief.knowledge(view, me, history)
    true = tuple([c["card"] for _, c in sorted(pos["board"].items()) if c["owner"] == opp and not c["up"]]
                 + list(pos["barrack"][opp]))
    squares = sorted(k.tokens)
    base = position.view_engine(view, me)
    rng = random.Random(f"worlds:{seed}")
    out = []
    for _ in range(count):
        dealt = belief.deal_known(k, true, rng)
        barrack = list(dealt[len(squares):])
        resting = belief._pick_resting(barrack, k, rng)
        out.append(determinize.fill(base.copy(), k, dict(zip(squares, dealt)), barrack, resting))
    return out


def oracle_move(pos: dict, history: list, seed: int) -> str:
    e = position.to_engine(pos)
    legal = [a for a in e.legal() if a != RESIGN]
    if len(legal) == 1:
        return notation.format_action(legal[0])
    s = Search(20)
    s.set_worlds([e] if MODE == "full" else multiset_worlds(pos, history, seed))
    s.configure(max_depth=10, node_limit=NODES, time_ms=5000, noise=0.0,
                noise_seed=(seed * 0x9E3779B1 + pos["actions"]) & 0xFFFFFFFFFFFFFFFF, weights={})
    return notation.format_action(s.run()["move"])


def choose(pos: dict, history: list, level: str, seed: int) -> str:
    """The oracle's move from the whole position; the yardstick's from its view (match.by_view)."""
    return oracle_move(pos, history, seed) if level == "oracle" else by_view(pos, history, level, seed)


def play_game(g: Game) -> dict:
    """One game, side A played by the oracle with expert's muster."""
    players = {g.a_side: g.a, OTHER[g.a_side]: g.b}
    musters = {side: choose_muster("expert" if lv == "oracle" else lv, g.seed) for side, lv in players.items()}
    return play_with(g, choose, musters)


if __name__ == "__main__":
    b, games, seed, record = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    r = matches.match(play_game, "oracle", b, games, seed, 1, record=record)
    print("SUMMARY", {k: r[k] for k in ("wins", "draws", "losses", "score", "elo", "elo_lo", "elo_hi", "think_a")})
