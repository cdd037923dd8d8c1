"""`towers-cli gauntlet tune`: is a change of evaluation weights better? A Draft match of a level
with the changed `balanced` weights (A, `tuned`) against the same level with the shipped ones (B),
on the colour-swapped pairs of ai/match.py. The weights in styles.py were set this way."""

from __future__ import annotations

from collections.abc import Callable

from towers_core import matches
from towers_core.checks import real_number
from towers_core.errors import BadLevel, brief
from towers_core.gauntlet.ai.evaluate import MAX_WEIGHT
from towers_core.gauntlet.ai.levels import get_level
from towers_core.gauntlet.ai.match import play_battle
from towers_core.gauntlet.ai.player import choose_action
from towers_core.gauntlet.ai.styles import BALANCED, TERMS
from towers_core.matches import Game

TUNED = "tuned"
_setting: dict = {"level": "normal", "weights": None}   # what play_tuned plays (fork carries it)


def parse_changes(items: list[str]) -> dict[str, float]:
    """`term=value` strings (styles.TERMS) as a dict; BadLevel naming the bad one."""
    out = {}
    for item in items:
        term, sep, value = item.partition("=")
        if not sep or term not in TERMS:
            raise BadLevel(f"--set: {brief(item)} is not term=value with a term of styles.TERMS")
        try:
            number = float(value)
        except ValueError:
            raise BadLevel(f"--set {term}: {brief(value)} is not a number") from None
        out[term] = real_number(number, f"--set {term}", -MAX_WEIGHT, MAX_WEIGHT)
    return out


def _choose(view: dict, log: list, level: str, seed: int) -> str:
    weights = _setting["weights"] if level == TUNED else None
    return choose_action(view, log, _setting["level"], seed, weights=weights)


def play_tuned(g: Game) -> dict:
    """One Battle of `tuned` (changed weights) against the level (shipped weights)."""
    return play_battle(g, _choose)


def tune(changes: dict[str, float], level: str, games: int, seed: int, concurrency: int,
         report: Callable[[str], None] = print) -> dict:
    """The match of the changed weights (A) against the shipped ones (B), both at `level`."""
    get_level(level)
    weights = dict(BALANCED, **changes)
    _setting.update(level=level, weights=[weights[t] for t in TERMS])
    return matches.match(play_tuned, TUNED, level, games, seed, concurrency, report)
