"""DIAGNOSTIC ONLY, never a player of the app or of `towers-cli`: expert's own worlds, except that the
cards of a few kinds stand where they truly are (issue 12, fifteenth session). It bounds what a perfect
belief about those cards alone could win, as the eighth session's oracle (trials8/oracle.py) bounded a
perfect belief about everything (19 / 1 / 0 against the shipped expert's 15 / 0 / 5).

  K      the King: in each world he is where he truly is (a face-down square or the barrack)
  ScLa   Scouts and Lancers: every face-down square truly holding one holds it, and no other does
  strong the cards of rank 3 and up (Shardbearer, Captainlord, Knights, Lancers), the same way

Each world is expert's own deal (belief.sample_hidden with EXPERT_DEAL, the same seed), then patched; so
wherever the patch changes nothing, the move is expert's, and each game pairs with the shipped expert's.
Run from the project root:
  PYTHONPATH=. python docs/ladder/trials15/card_oracle.py K 40 19 out.jsonl [SKIP]
"""
from __future__ import annotations

import random
import sys

from towers_core import matches
from towers_core.matches import OTHER, Game
from towers_core.skirmish import belief, notation, position
from towers_core.skirmish.cards import CARDS
from towers_core.skirmish.ai import determinize
from towers_core.skirmish.ai.contenders import choose_muster
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.match import by_view, play_with
from towers_core.skirmish.ai.search import Search

STRONG = frozenset(c.code for c in CARDS if c.knight_or_better and c.code != "K")   # Sh, Cl, Kn, La
KINDS = {"K": frozenset({"K"}), "ScLa": frozenset({"Sc", "La"}), "strong": STRONG}
ORACLE = "oracle"
RESIGN = notation.parse("resign")


def patch(deal: tuple, truth: dict[str, str], true_barrack: list[str], cards: frozenset, high: frozenset,
          rng: random.Random) -> tuple:
    """The deal with the `cards` kinds where the truth has them on the face-down squares (and, for the
    King, in the barrack): swapped in from where the deal put them, else from the barrack, else set."""
    board, barrack, resting = dict(deal[0]), list(deal[1]), list(deal[2])
    free = [i for i, c in enumerate(barrack) if c not in resting]
    for sq, card in truth.items():
        if card not in cards or board[sq] == card:
            continue
        other = next((t for t, c in board.items() if c == card and truth[t] != card
                      and (board[sq] != "K" or t not in high)), None)   # the King never stands on high ground
        if other is not None:
            board[sq], board[other] = board[other], board[sq]
            continue
        i = next((i for i in free if barrack[i] == card), None)
        if i is not None:
            barrack[i], board[sq] = board[sq], card
        else:
            board[sq] = card
    for sq, card in board.items():
        if card in cards and truth[sq] != card:   # the deal has one here that truly is not
            swap = [i for i in free if barrack[i] not in cards and (barrack[i] != "K" or sq not in high)]
            if swap:
                i = rng.choice(swap)
                board[sq], barrack[i] = barrack[i], card
            else:
                board[sq] = truth[sq]
    if "K" in cards and "K" in true_barrack and "K" not in barrack:
        barrack[rng.choice(free) if free else 0] = "K"
    return board, barrack, resting


def oracle_move(pos: dict, history: list, seed: int, cards: frozenset) -> str:
    """Expert's search on its own worlds patched with the true places of `cards`."""
    me = pos["to_move"]
    opp = OTHER[me]
    view = position.view(pos, me)
    e = position.view_engine(view, me)
    legal = [a for a in e.legal() if a != RESIGN]
    if len(legal) == 1:
        return notation.format_action(legal[0])
    lv = get_level("expert")
    k = belief.knowledge(view, me, history)
    truth = {sq: c["card"] for sq, c in pos["board"].items() if c["owner"] == opp and not c["up"]}
    rng = random.Random(f"worlds:{seed}")
    fix = random.Random(f"oracle:{seed}")
    worlds = []
    for _ in range(lv.worlds):
        deal = belief.sample_hidden(k, rng, factors=lv.deal_factors)
        deal = patch(deal, truth, list(pos["barrack"][opp]), cards, frozenset(pos["terrain"]["high"]), fix)
        worlds.append(determinize.fill(e.copy(), k, *deal))
    s = Search(20)
    s.set_worlds(worlds, base=lv.worlds)
    s.configure(max_depth=lv.max_depth, node_limit=lv.nodes, time_ms=lv.time_ms, noise=lv.noise,
                noise_seed=(seed * 0x9E3779B1 + view["actions"]) & 0xFFFFFFFFFFFFFFFF, weights=dict(lv.weights))
    return notation.format_action(s.run()["move"])


def main() -> None:
    cards = KINDS[sys.argv[1]]
    b, games, seed, record = "ismcts:iters=70000", int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    skip = int(sys.argv[5]) if len(sys.argv) > 5 else 0

    def choose(pos: dict, history: list, level: str, s: int) -> str:
        return oracle_move(pos, history, s, cards) if level == ORACLE else by_view(pos, history, level, s)

    def play_game(g: Game) -> dict:
        players = {g.a_side: g.a, OTHER[g.a_side]: g.b}
        musters = {side: choose_muster("expert" if lv == ORACLE else lv, g.seed) for side, lv in players.items()}
        return play_with(g, choose, musters)

    r = matches.match(play_game, ORACLE, b, games, seed, 1, record=record, skip=skip)
    print("SUMMARY", {k: r[k] for k in ("wins", "draws", "losses", "score")})


if __name__ == "__main__":
    main()
