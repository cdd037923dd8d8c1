"""Self-play tuning of the evaluation weights (evaluate.pxd): coordinate steps kept only when a
colour-swapped match at a fixed node budget says the change wins.

`PYTHONPATH=. python tools/castles_tune.py --nodes 20000 --games 40` prints each trial and the final
weights; the defaults in evaluate.pxd are copied from such a run (docs/castles-ai.md).
"""

from __future__ import annotations

import argparse
import multiprocessing
import multiprocessing.pool

from towers_core.castles import api, position
from towers_core.castles.ai.match import opening
from towers_core.matches import game_seed
from towers_core.castles.ai.search import Search, checked_weights, weights
from towers_core.checks import check_seed, real_number, whole_number
from towers_core.cli import MAX_CONCURRENCY, MAX_GAMES
from towers_core.errors import BadLevel

NAMES = ["castle", "crown", "mobility", "boxed", "tempo", "h1", "h2", "h3", "h4", "h5", "castle_h", "reach"]


def _move(pos: dict, w: list[int], nodes: int, qs: bool = True) -> str:
    from towers_core.castles import notation

    e = position.to_engine(pos)
    if len(e.legal()) == 1:
        return notation.format_action(e.legal()[0])
    s = Search(16)
    s.set_position(e)
    s.configure(max_depth=40, node_limit=nodes, weights=w, quiescence=qs)
    return notation.format_action(s.run()["move"])


def _game(job: tuple) -> float:
    """A's score in one game (A = weights wa, playing South when a_south; qa/qb: quiescence on)."""
    wa, wb, nodes, seed, a_south, qa, qb = job
    pos = opening(seed)
    while pos["result"] is None:
        a_turn = (pos["to_move"] == "S") == a_south
        pos = api.apply(pos, _move(pos, wa if a_turn else wb, nodes, qa if a_turn else qb))
    winner = pos["result"]["winner"]
    if winner is None:
        return 0.5
    return 1.0 if (winner == "S") == a_south else 0.0


def score(wa: list[int], wb: list[int], nodes: int, games: int, seed: int, pool: multiprocessing.pool.Pool,
          qa: bool = True, qb: bool = True) -> float:
    """A's mean score over colour-swapped pairs of games."""
    jobs = [(wa, wb, nodes, game_seed(seed, i // 2), i % 2 == 0, qa, qb) for i in range(games)]
    return sum(pool.map(_game, jobs)) / games


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--quiescence-match", action="store_true", help="only: quiescence on vs off")
    ap.add_argument("--keep", type=float, default=0.575, help="score a change needs to be kept")
    ap.add_argument("--start", default="", help="comma-separated starting weights (default: current)")
    ap.add_argument("--versus", default="", help="only: score --start against these weights")
    args = ap.parse_args()
    try:
        best, other = checked_args(args)
    except BadLevel as exc:
        ap.exit(2, f"tune: {exc}\n")  # before any worker starts, naming the option
    if args.versus:
        with multiprocessing.get_context("fork").Pool(args.concurrency) as pool:
            s = score(best, other, args.nodes, args.games, args.seed, pool)
        print(f"{best} vs {other} at {args.nodes} nodes: {100 * s:.1f}% over {args.games} games")
        return
    if args.quiescence_match:
        with multiprocessing.get_context("fork").Pool(args.concurrency) as pool:
            s = score(best, best, args.nodes, args.games, args.seed, pool, True, False)
        print(f"quiescence on vs off at {args.nodes} nodes: {100 * s:.1f}% over {args.games} games")
        return
    print("start", dict(zip(NAMES, best)), flush=True)
    with multiprocessing.get_context("fork").Pool(args.concurrency) as pool:
        trial = 0
        for _ in range(args.rounds):
            for i, name in enumerate(NAMES):
                for cand in _candidates(best[i]):
                    w = list(best)
                    w[i] = cand
                    trial += 1
                    s = score(w, best, args.nodes, args.games, args.seed + trial, pool)
                    kept = s >= args.keep
                    print(f"trial {trial:>3} {name:<9} {best[i]:>5} -> {cand:>5}: score {100 * s:5.1f}%"
                          f"{'  kept' if kept else ''}", flush=True)
                    if kept:
                        best = w
                        break
    print("final", dict(zip(NAMES, best)), flush=True)
    print("weights", best, flush=True)


def checked_args(args: argparse.Namespace) -> tuple[list[int], list[int] | None]:
    """The starting weights and the --versus ones, once every option is checked (BadLevel naming it)."""
    whole_number(args.nodes, "--nodes", 1, 1 << 40, BadLevel)
    whole_number(args.games, "--games", 1, MAX_GAMES, BadLevel)
    whole_number(args.concurrency, "--concurrency", 1, MAX_CONCURRENCY, BadLevel)
    whole_number(args.rounds, "--rounds", 1, 1000, BadLevel)
    check_seed(args.seed, "--seed", BadLevel)
    real_number(args.keep, "--keep", 0.0, 1.0)
    best = _weights_option(args.start, "--start") if args.start else weights()
    return best, _weights_option(args.versus, "--versus") if args.versus else None


def _weights_option(text: str, option: str) -> list[int]:
    try:
        return checked_weights([int(x) for x in text.split(",")])
    except ValueError:  # int() of a word, or checked_weights' BadLevel
        raise BadLevel(f"{option}: {len(NAMES)} comma-separated whole weights ({', '.join(NAMES)})") from None


def _candidates(v: int) -> list[int]:
    if v == 0:
        return [5, -5]
    return [v * 2, v // 2] if abs(v) > 1 else [v * 3, 0]


if __name__ == "__main__":
    main()
