"""`towers-cli gauntlet draft-match`: is one Draft stronger than another? Colour-swapped pairs of
Draft battles (ai/match.py) where A and B are Draft levels and the SAME battle level plays both
sides, so only the armies differ.

Each game is a whole Draft on the pair's field: the Crimson owner seals, the Gold owner scouts one
slot and drafts with the report. An owner drafts from its own seed of the pair (draft.draft_seed),
the same in both games, so its army changes with the colour only where its Draft reads the scout
report (a `random` owner's army is the same uniform draw in both games).
"""

from __future__ import annotations

from collections.abc import Callable

from towers_core import matches
from towers_core.errors import BadLevel
from towers_core.gauntlet import api
from towers_core.gauntlet.ai.draft import choose_army, choose_scout, draft_seed
from towers_core.gauntlet.ai.levels import get_level
from towers_core.gauntlet.ai.match import SIDE_OF, play_battle
from towers_core.gauntlet.ai.player import choose_action
from towers_core.gauntlet.draft import scout
from towers_core.gauntlet.rng import label_seed
from towers_core.gauntlet.units import SLOTS
from towers_core.matches import Game

Drafter = Callable[[int, str, "dict | None"], dict]
"""(seed, side, scout report or None) -> army: a Draft that is not a level (tools/gauntlet_draft_table.py)."""
_setting: dict = {"battle": "normal", "drafters": {}}   # of the running match (fork carries it)


def owner_seed(pair_seed: int, owner: str) -> int:
    """The Draft seed of owner `a` or `b` in a pair: one per owner, so A against A drafts twice."""
    return label_seed("draft|" + owner, pair_seed)


def draft_pair(crimson_level: str, gold_level: str, crimson_seed: int, gold_seed: int,
               field_seed: int) -> tuple[dict, dict]:
    """A Draft (§11) and its Battle: Crimson seals, Gold scouts one slot and drafts with the report."""
    crimson = _army(crimson_level, crimson_seed, "C", None)
    slot = choose_scout(gold_level if gold_level not in _setting["drafters"] else "expert", gold_seed,
                        {c: "?" for c in SLOTS})
    gold = _army(gold_level, gold_seed, "G", {"slot": slot, "entry": scout(crimson, slot)})
    pos = api.new_position(field_seed, {"C": crimson, "G": gold}, scout=slot)
    return pos, {"field_seed": field_seed, "scout": slot, "armies": {"C": crimson, "G": gold}}


def _army(level: str, seed: int, side: str, report: dict | None) -> dict:
    drafter = _setting["drafters"].get(level)
    if drafter:
        return drafter(seed, side, report)
    return choose_army(level, draft_seed(seed, side), side, report)


def game_start(g: Game) -> tuple[dict, dict]:
    """The Battle of one scheduled game: A's Draft level is g.a, B's g.b, A is Crimson when S."""
    a, b = (g.a, owner_seed(g.seed, "a")), (g.b, owner_seed(g.seed, "b"))
    (cl, cs), (gl, gs) = (a, b) if SIDE_OF[g.a_side] == "C" else (b, a)
    return draft_pair(cl, gl, cs, gs, g.seed)


def _choose(view: dict, log: list, level: str, seed: int) -> str:
    return choose_action(view, log, _setting["battle"], seed)


def play_drafted(g: Game) -> dict:
    """One Battle between the two Drafts, both sides played by the match's battle level."""
    return play_battle(g, _choose, game_start)


def check_levels(a: str, b: str, battle: str) -> None:
    """The three levels, refused by option name before a long match starts."""
    for field, level in (("--draft-a", a), ("--draft-b", b), ("--battle", battle)):
        try:
            get_level(level)
        except BadLevel as e:
            raise BadLevel(f"{field}: {e}") from None


def draft_match(a: str, b: str, battle: str, games: int, seed: int, concurrency: int = 1,
                report: Callable[[str], None] = print, record: str | None = None, skip: int = 0,
                drafters: dict[str, Drafter] | None = None) -> dict:
    """Draft A against Draft B, `battle` playing every action of both; tallies as matches.match.
    `drafters` names Drafts that are not levels (a or b may then be one of those names)."""
    drafters = drafters or {}
    check_levels(*(x if x not in drafters else "random" for x in (a, b)), battle)
    _setting.update(battle=battle, drafters=drafters)
    return matches.match(play_drafted, a, b, games, seed, concurrency, report, record, skip)
