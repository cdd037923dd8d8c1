"""Which Draft armies win? Each candidate army (draft.spec_of form) plays colour-swapped Draft
battles against uniformly random legal armies (draft.uniform_army), the same battle level on both
sides and the same seeds for every candidate, so candidates differ only by their army.

Stage 1 ranks every set of five unit types, filled by the old priority rules (draft.filled);
stage 2 tries, on the best `--top` of them, each single change: another Research path for one
type, another structure researched, one perk swapped for another. The ranked lines printed at the
end are what draft.TABLE holds:

`PYTHONPATH=. python tools/gauntlet_draft_table.py --games 60 --seed 7 --top 2`
"""

from __future__ import annotations

import argparse
import itertools

from towers_core.checks import check_seed, whole_number
from towers_core.cli import MAX_GAMES
from towers_core.errors import BadArmy, BadLevel, TowersError
from towers_core.gauntlet.ai.draft import army_of, filled, spec_of, uniform_army
from towers_core.gauntlet.ai.draft_match import draft_match
from towers_core.gauntlet.ai.levels import get_level
from towers_core.gauntlet.draft import validate_army
from towers_core.gauntlet.rng import SplitMix64
from towers_core.gauntlet.units import DRAFT_TYPES, DRAFT_UNITS, GOLD_BUDGET, PERKS, RESEARCH, STRUCTURES

CANDIDATE = "candidate"


def hiding_rogues(seed: int, side: str, report: dict | None) -> dict:
    """A uniform random Draft among those with Rogues researched to Hide (what the Mage answers)."""
    rng = SplitMix64(seed)
    while (army := uniform_army(rng))["Ro"]["r"] != "hide":
        pass
    return army


OPPONENTS = {"random": None, "hiders": hiding_rogues}


def score(spec: str, battle: str, games: int, seed: int, against: str = "random") -> float:
    """The candidate's score against uniform random Drafts, or those with hiding Rogues (1 win,
    0.5 draw)."""
    army = validate_army(army_of(spec))
    drafters = {CANDIDATE: lambda seed, side, report: army}
    if OPPONENTS[against]:
        drafters[against] = OPPONENTS[against]
    r = draft_match(CANDIDATE, against, battle, games, seed, report=lambda s: None, drafters=drafters)
    return r["score"]


def unit_sets() -> list[str]:
    """Stage 1: every set of five types, filled by the priority rules."""
    return [spec_of(filled(units)) for units in itertools.combinations(DRAFT_UNITS, DRAFT_TYPES)]


def changes(spec: str) -> list[str]:
    """Stage 2: every legal army one change away (a path, a structure Research, a perk swap)."""
    army = army_of(spec)
    out = []
    for c, e in army.items():
        if e["in"] and c not in STRUCTURES and e["r"]:
            out.append({**army, c: {**e, "r": next(p for p in RESEARCH[c] if p != e["r"])}})
    researched = [c for c in STRUCTURES if army[c]["r"]]
    for old, new in itertools.product(researched, [c for c in STRUCTURES if not army[c]["r"]]):
        out.append({**army, old: {**army[old], "r": None}, new: {**army[new], "r": RESEARCH[new][0]}})
    held = [c for c, e in army.items() if e["p"]]
    spent = sum(PERKS[c][1] for c in held)
    for old, new in itertools.product(held, [c for c, e in army.items() if e["in"] and not e["p"]]):
        if spent - PERKS[old][1] + PERKS[new][1] <= GOLD_BUDGET:
            out.append({**army, old: {**army[old], "p": False}, new: {**army[new], "p": True}})
    legal = []
    for a in out:
        try:
            legal.append(spec_of(validate_army(a)))
        except BadArmy:
            pass
    return legal


def check_args(args: argparse.Namespace) -> None:
    """Every option, refused by name before the first game."""
    try:
        get_level(args.battle)
    except BadLevel as e:
        raise BadLevel(f"--battle: {e}") from None
    whole_number(args.games, "--games", 2, MAX_GAMES, BadLevel)
    check_seed(args.seed, "--seed", BadLevel)
    whole_number(args.top, "--top", 0, 21, BadLevel)
    for spec in args.score:
        try:
            validate_army(army_of(spec))
        except BadArmy as e:
            raise BadArmy(f"--score {spec!r}: {e}") from None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--battle", default="normal", help="the level playing both sides")
    p.add_argument("--games", type=int, default=60, help="games per candidate (colour-swapped pairs)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--top", type=int, default=2, help="unit sets of stage 1 that stage 2 varies")
    p.add_argument("--score", action="append", default=[], metavar="SPEC",
                   help="score only this army (draft.spec_of form; repeatable)")
    p.add_argument("--against", choices=OPPONENTS, default="random",
                   help="the opponents: uniform random Drafts, or those with hiding Rogues")
    args = p.parse_args(argv)
    try:
        check_args(args)
    except TowersError as exc:
        p.exit(2, f"gauntlet_draft_table: {exc}\n")   # before any game, naming the option
    ranked = []
    stages = ((0, args.score),) if args.score else ((1, unit_sets()), (2, None))
    for stage, specs in stages:
        if specs is None:
            specs = [c for base, _ in ranked[:args.top] for c in changes(base)]
        for spec in specs:
            s = score(spec, args.battle, args.games, args.seed, args.against)
            print(f"stage {stage}  {100 * s:5.1f}%  {spec}", flush=True)
            ranked.append((spec, s))
        ranked.sort(key=lambda x: -x[1])
    print("ranked:")
    for spec, s in ranked:
        print(f"    ({100 * s:5.1f}, \"{spec}\"),")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
