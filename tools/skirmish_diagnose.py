"""Why a level loses to another: replay recorded match games (`skirmish match --record`) and, at
each of the level's moves, set its own search value beside the IS-MCTS yardstick's view of the same
position. Run: `PYTHONPATH=. python tools/skirmish_diagnose.py RECORD [--level expert]`."""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import Counter
from collections.abc import Iterator

from towers_core.checks import check_seed, real_number, whole_number
from towers_core.errors import BadLevel, TowersError
from towers_core.skirmish import api, belief, notation, position
from towers_core.skirmish.ai import determinize, yardstick
from towers_core.skirmish.ai.ismcts import Mcts
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.muster import STYLES
from towers_core.board import OTHER
from towers_core.skirmish.ai.player import Searcher, _legal


def replay(row: dict) -> Iterator[tuple[dict, list[dict], str]]:
    """(position, mover's history, action played) for every ply of a recorded game (with its musters:
    a level's muster rule may have changed since)."""
    seed = row["seed"]
    pos = api.new_position(seed, row["musters"])
    history: dict[str, list[dict]] = {"S": [], "N": []}
    for action in row["moves"]:
        me = pos["to_move"]
        yield pos, list(history[me]), action
        pos, (entry,) = api.play(pos, action, rng_seed=seed * 1009 + pos["actions"])
        for side in ("S", "N"):
            history[side].append(api.history_entry(entry, pos, side))


def plies_of(row: dict, prefix: str, every: int = 1) -> Iterator[tuple[int, dict, list[dict], str]]:
    """(ply, position, mover's history, action) of each move in a recorded game made by the player whose
    recorded name starts with `prefix` (e.g. 'expert' for 'expert,near.K:1'), on plies divisible by `every`
    (a sample for the slower measurements)."""
    for ply, (pos, history, action) in enumerate(replay(row)):
        if ply % every == 0 and str(player_on(row, pos["to_move"])).startswith(prefix):
            yield ply, pos, history, action


RECORD_FIELDS = {"pair": int, "a": str, "b": str, "a_side": str, "seed": int, "score": float, "reason": str,
                 "plies": int, "moves": list, "musters": dict}   # what the reports read of a record


def load_records(paths: list[str]) -> list[dict]:
    """The games of match records (`skirmish match --record`), in order; TowersError naming `records`
    if a file is missing, not JSON, holds no recorded game or a game without the fields read here."""
    games = []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                games += [r for r in map(json.loads, f) if isinstance(r, dict) and "moves" in r and "musters" in r]
        except (OSError, UnicodeDecodeError, ValueError, RecursionError, TypeError) as err:
            raise TowersError(f"records: {path}: not a match record ({str(err)[:200]})") from None
    if not games:
        raise TowersError("records: no recorded games (`skirmish match --record`) in them")
    for i, row in enumerate(games):
        _check_record(row, f"records[{i}]")
    return games


def _check_record(row: dict, where: str) -> None:
    for key, kind in RECORD_FIELDS.items():
        value = row.get(key)
        ok = isinstance(value, (int, float) if kind is float else kind) and not isinstance(value, bool)
        if not ok:
            words = {int: "whole number", float: "number", str: "string", list: "list", dict: "dict"}[kind]
            raise TowersError(f"{where}.{key}: must be a {words}, not {type(value).__name__}")
    if row["a_side"] not in ("S", "N") or row["score"] not in (0, 0.5, 1):
        raise TowersError(f"{where}: a_side must be 'S' or 'N' and score 0, 0.5 or 1")
    check_seed(row["seed"], f"{where}.seed", TowersError)


def level_value(view: dict, history: list[dict], level: str, seed: int) -> tuple[str, float, int]:
    """The level's move, its search value (mover's side, Spearman units) and depth, as in the match."""
    search = Searcher._prepare(view, history, _legal(view, history), get_level(level), seed, None)
    info = search.run()
    return notation.format_action(info["move"]), info["value"], info["depth"]


def yardstick_view(view: dict, history: list[dict], seed: int, iters: int) -> dict[str, tuple[int, float]]:
    """The yardstick's root statistics: action -> (visits, mean reward in [0, 1])."""
    tree = Mcts()
    tree.set_worlds(determinize.worlds(view, history, 64, seed))
    tree.configure(iterations=iters, seed=seed)
    tree.run()
    return {notation.format_action(a): (n, q) for a, n, q in tree.root_stats()}


def player_on(row: dict, side: str) -> str | None:
    """The recorded name of the player who played `side` in a match record's game (None if unnamed)."""
    return row.get("a") if row.get("a_side") == side else row.get("b")


def level_side(row: dict, level: str) -> tuple[str, float]:
    """The side `level` played in a recorded game and its score there."""
    if row["a"] == level:
        return row["a_side"], row["score"]
    return OTHER[row["a_side"]], 1 - row["score"]


def family_side(row: dict, prefix: str) -> tuple[str, float]:
    """The side and score of the player whose recorded name starts with `prefix` (e.g. 'expert' for
    'expert,near.K:1'), as plies_of picks its moves; the other side if neither name does."""
    if str(player_on(row, row["a_side"])).startswith(prefix):
        return row["a_side"], row["score"]
    return OTHER[row["a_side"]], 1 - row["score"]


def study(row: dict, level: str, iters: int) -> list[dict]:
    """One line per move of `level` in the game: its value, the yardstick's choice and judgement."""
    side = level_side(row, level)[0]
    out = []
    for pos, hist, action in replay(row):
        if pos["to_move"] != side or len(api.legal_actions(pos)) <= 2:
            continue
        view = position.view(pos, side)
        seed = row["seed"] + pos["actions"]
        move, value, depth = level_value(view, hist, level, seed)
        stats = yardstick_view(view, hist, seed, iters)
        best = max(stats, key=lambda a: stats[a][0]) if stats else move
        out.append({"ply": pos["actions"], "played": action, "same": move == action, "value": value,
                    "depth": depth, "marker": pos["marker"] * (1 if side == "S" else -1),
                    "high": (high_held(pos, side), high_held(pos, OTHER[side])),
                    "ys_best": best, "ys_q_best": stats.get(best, (0, 0.0))[1],
                    "ys_q_played": stats.get(action, (0, 0.0))[1]})
    return out


def race_start(row: dict) -> tuple[int, int] | None:
    """For a game won by Dominance: the ply from which the winner held more high ground to the end,
    and the marker (winner's side) then, i.e. how long the loser had to break the lead."""
    if row["reason"] != "dominance":
        return None
    winner = row["a_side"] if row["score"] == 1.0 else OTHER[row["a_side"]]
    start = None
    for pos, _, _ in replay(row):
        lead = high_held(pos, winner) > high_held(pos, OTHER[winner])
        if not lead:
            start = None
        elif start is None:
            start = (pos["actions"], pos["marker"] * (1 if winner == "S" else -1))
    return start


def belief_loss(row: dict, tilt: float | None = None, copies: bool | None = None,
                deploy: float | None = None, samples: int = 300) -> tuple[float, int]:
    """Summed log-loss (nats) of the true identity of every face-down card each side faces, and the
    count, under the belief sampler as it is, or with another full-spend tilt (0 = no prior), copies
    weighting or deploy scale (0 = board and barrack alike), to compare settings."""
    settings = {"tilt": belief.FULL_SPEND_TILT if tilt is None else tilt,
                "copies": belief.COUNT_COPIES if copies is None else copies,
                "deploy": belief.DEPLOY_SCALE if deploy is None else deploy}
    loss, n = 0.0, 0
    for pos, hist, _ in replay(row):
        viewer = pos["to_move"]
        view = position.view(pos, viewer)
        k = belief.knowledge(view, viewer, hist)
        truth = {sq: c["card"] for sq, c in pos["board"].items() if sq in k.tokens}
        if not truth:
            continue
        rng, counts = random.Random(pos["actions"]), Counter()
        for _ in range(samples):
            counts.update(belief.sample_hidden(k, rng, **settings)[0].items())
        for sq, card in truth.items():
            loss -= math.log(max(counts[sq, card] / samples, 1e-3))
            n += 1
    return loss, n


def by_muster(rows: list[dict], level: str) -> dict[tuple[str, str], tuple[int, float]]:
    """(games, points) of `level` for each pair of muster styles it and its opponent fielded
    ('other' for a muster that is no style of muster.py), and each style against any ('*')."""
    names = {tuple(sorted((*cards, "K"))): name for name, cards in STYLES.items()}
    table: dict[tuple[str, str], list] = {}
    for row in rows:
        side, score = level_side(row, level)
        mine, theirs = (names.get(tuple(sorted(row["musters"][s])), "other") for s in (side, OTHER[side]))
        for key in ((mine, theirs), (mine, "*"), ("*", theirs)):
            games, points = table.get(key, (0, 0.0))
            table[key] = (games + 1, points + score)
    return table


def high_at(row: dict, level: str, plies: tuple[int, ...]) -> dict[int, tuple[int, int]]:
    """High-ground squares held by `level` and by its opponent at the given plies (the opening race)."""
    side = level_side(row, level)[0]
    return {pos["actions"]: (high_held(pos, side), high_held(pos, OTHER[side]))
            for pos, _, _ in replay(row) if pos["actions"] in plies}


def high_held(pos: dict, side: str) -> int:
    """High-ground squares `side` holds in a position dict (its non-King cards on them, RULES §8)."""
    high = set(pos["terrain"]["high"])
    return sum(1 for sq, c in pos["board"].items() if sq in high and c["owner"] == side and c["card"] != "K")


MAX_ITERS = 10_000_000   # yardstick iterations a position: far past any study's budget
MAX_SETTING = 100.0      # a belief tilt or deploy scale tried with --belief


def checked_args(args: argparse.Namespace) -> None:
    """Every option checked before any record is read (BadLevel naming it)."""
    if yardstick.parse(args.level) is None:
        get_level(args.level)
    whole_number(args.iters, "--iters", 1, MAX_ITERS, BadLevel)
    for tilt in args.belief or []:
        real_number(tilt, "--belief", 0.0, MAX_SETTING)
    if args.deploy is not None:
        real_number(args.deploy, "--deploy", 0.0, MAX_SETTING)


def report_musters(played: list[dict], level: str) -> None:
    """The level's score by its muster style and its opponent's."""
    for (mine, theirs), (count, points) in sorted(by_muster(played, level).items()):
        print(f"{level} {mine:<9} vs {theirs:<9} {count:4d} games  {points / count:6.1%}")


def report_opening(played: list[dict], level: str) -> None:
    """The mean high ground each side held at plies 6, 10 and 16."""
    held = [high_at(r, level, (6, 10, 16)) for r in played]
    for ply in (6, 10, 16):
        pairs = [h[ply] for h in held if ply in h]
        print(f"ply {ply}: {len(pairs)} games, mean high ground {level} "
              f"{sum(p[0] for p in pairs) / max(len(pairs), 1):.2f}, "
              f"opponent {sum(p[1] for p in pairs) / max(len(pairs), 1):.2f}")


def report_belief(games: list[dict], args: argparse.Namespace) -> None:
    """The belief model's log-loss on the true hidden cards, as is or per tilt asked for."""
    copies = None if args.copies is None else args.copies == "on"
    deploy = "as is" if args.deploy is None else f"{args.deploy:g}"
    for tilt in args.belief or [None]:
        loss, n = map(sum, zip(*(belief_loss(r, tilt, copies, args.deploy) for r in games)))
        name = "model as is" if tilt is None else f"tilt {tilt:g}"
        print(f"{name}, copies {args.copies or 'as is'}, deploy {deploy}: mean log-loss "
              f"{loss / max(n, 1):.4f} nats over {n} hidden cards", flush=True)


def report_games(played: list[dict], args: argparse.Namespace) -> None:
    """Each game of the level: how its Dominance race went (--races) or its every move studied."""
    for row in played:
        level_score = level_side(row, args.level)[1]
        if args.lost_only and level_score > 0:
            continue
        print(f"# pair {row['pair']} {row['a']}({row['a_side']}) vs {row['b']}: {args.level} scored "
              f"{level_score} by {row['reason']} in {row['plies']} plies", flush=True)
        if args.races:
            start = race_start(row)
            if start:
                print(f"  the winner led on high ground from ply {start[0]} to the end, marker then {start[1]:+d}")
            elif row["reason"] == "dominance":
                print("  high ground level at the end: the captures tie-break moved the marker")
            continue
        for m in study(row, args.level, args.iters):
            flag = "" if m["ys_best"] == m["played"] else f"  ys prefers {m['ys_best']} ({m['ys_q_best']:.2f})"
            print(f"ply {m['ply']:>3} {m['played']:<14} value {m['value']:+7.2f} d{m['depth']:<2} "
                  f"marker {m['marker']:+3d} high {m['high'][0]}-{m['high'][1]}  "
                  f"ys q {m['ys_q_played']:.2f}{flag}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("record")
    ap.add_argument("--level", default="expert")
    ap.add_argument("--iters", type=int, default=60_000, help="yardstick iterations per position")
    ap.add_argument("--lost-only", action="store_true")
    ap.add_argument("--races", action="store_true", help="only where each Dominance race was decided (no search)")
    ap.add_argument("--belief", type=float, nargs="*", metavar="TILT",
                    help="only the belief model's log-loss on the true hidden cards: the model as is, or "
                         "per full-spend tilt given (0 = no full-spend prior)")
    ap.add_argument("--copies", choices=("on", "off"),
                    help="with --belief: weight multisets by their copies or not (default: the model's)")
    ap.add_argument("--deploy", type=float, help="with --belief: the deploy scale (default: the model's)")
    ap.add_argument("--opening", action="store_true", help="only the mean high ground held at plies 6, 10, 16")
    ap.add_argument("--musters", action="store_true",
                    help="only the level's score by its and its opponent's muster style")
    args = ap.parse_args()
    try:
        checked_args(args)
        report(load_records([args.record]), args)
    except TowersError as err:   # a record whose moves the rules refuse, too: one line, no traceback
        ap.error(str(err))


def report(games: list[dict], args: argparse.Namespace) -> None:
    """The report the options ask for."""
    played = [r for r in games if args.level in (r.get("a"), r.get("b"))]
    if args.musters:
        report_musters(played, args.level)
    elif args.opening:
        report_opening(played, args.level)
    elif args.belief is not None:
        report_belief(games, args)
    elif yardstick.parse(args.level) is None:  # the yardstick's own games are not studied move by move
        report_games(played, args)


if __name__ == "__main__":
    main()
